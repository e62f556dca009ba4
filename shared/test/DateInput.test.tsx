import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { DateInput, displayToIso, isoToDisplay } from '../src/ui/DateInput';
import { renderUi } from './render';

function Harness({ initial, onValue }: { initial: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateInput
      aria-label="Ngày"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('DateInput (DD/MM/YYYY whatever the browser locale)', () => {
  it('shows the value as DD/MM/YYYY and reads it back', () => {
    expect(isoToDisplay('2026-11-05')).toBe('05/11/2026');
    expect(displayToIso('5/11/2026')).toBe('2026-11-05');
    expect(displayToIso('31/02/2026')).toBeNull();
    expect(displayToIso('2026-11-05')).toBeNull();
  });

  it('inserts the slashes while typing digits and applies a complete real date', () => {
    const onValue = jest.fn();
    renderUi(<Harness initial="2026-01-01" onValue={onValue} />);
    const box = screen.getByLabelText('Ngày') as HTMLInputElement;
    expect(box.value).toBe('01/01/2026');
    fireEvent.change(box, { target: { value: '2511' } });
    expect(box.value).toBe('25/11');
    expect(onValue).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: '25112026' } });
    expect(box.value).toBe('25/11/2026');
    expect(onValue).toHaveBeenLastCalledWith('2026-11-25');
  });

  it('marks an impossible date and puts the last good one back on leaving', () => {
    const onValue = jest.fn();
    renderUi(<Harness initial="2026-01-01" onValue={onValue} />);
    const box = screen.getByLabelText('Ngày') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '31/02/2026' } });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(onValue).not.toHaveBeenCalled();
    fireEvent.blur(box);
    expect(box.value).toBe('01/01/2026');
    fireEvent.change(box, { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith('');
  });
});
