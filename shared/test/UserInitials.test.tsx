import { screen } from '@testing-library/react';
import { UserInitials, initialsOf } from '../src/ui/UserInitials';
import { renderUi } from './render';

describe('a person’s initials', () => {
  it('are the first letters of the first and last words, in capitals', () => {
    expect(initialsOf('Nguyễn Văn An')).toBe('NA');
    expect(initialsOf('  đặng   thị   hà ')).toBe('ĐH');
    expect(initialsOf('Admin')).toBe('A');
    expect(initialsOf('')).toBe('');
    expect(initialsOf(undefined)).toBe('');
  });

  it('are shown, hidden from assistive technologies (the control around them names the person)', () => {
    renderUi(<button type="button" aria-label="Menu tài khoản"><UserInitials name="Quản trị viên" /></button>);
    const button = screen.getByRole('button', { name: 'Menu tài khoản' });
    expect(button).toHaveTextContent('QV');
    expect(button.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});
