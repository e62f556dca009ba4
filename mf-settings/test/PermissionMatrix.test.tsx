/** The permission matrix: cells, select-all per resource and per action with their mixed state, the count, the keyboard. */
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERMISSION_CATALOGUE } from '@trungtam/shared/permissions';
import { ChakraProvider, uiSystem } from '@trungtam/shared/ui';
import { useState } from 'react';
import { PermissionMatrix } from '../src/features/roles/PermissionMatrix';

const idOf = (resource: string, action: string) => PERMISSION_CATALOGUE.find((p) => p.resource === resource && p.action === action)!.id;
const TOTAL = PERMISSION_CATALOGUE.length;

/** The matrix held by a parent, as a form holds it; every change is recorded. */
function renderMatrix(initial: number[] = [], disabled = false) {
  const changes: number[][] = [];
  function Holder() {
    const [value, setValue] = useState(initial);
    return (
      <PermissionMatrix
        value={value}
        disabled={disabled}
        onChange={(ids) => {
          changes.push(ids);
          setValue(ids);
        }}
      />
    );
  }
  render(
    <ChakraProvider value={uiSystem()}>
      <Holder />
    </ChakraProvider>,
  );
  return { changes, last: () => changes.at(-1) };
}

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('PermissionMatrix', () => {
  it('ticks one cell: the id is chosen, the count says so and its row and column turn mixed', () => {
    const { last } = renderMatrix();
    expect(screen.getByText(`Đã chọn 0/${TOTAL} quyền`)).toBeInTheDocument();
    fireEvent.click(box('Lớp học — Xem danh sách'));
    expect(last()).toEqual([idOf('LearningClass', 'GetAll')]);
    expect(box('Lớp học — Xem danh sách')).toBeChecked();
    expect(screen.getByText(`Đã chọn 1/${TOTAL} quyền`)).toBeInTheDocument();
    expect(box('Lớp học — Tất cả thao tác')).toBePartiallyChecked();
    expect(box('Tất cả mục — Xem danh sách')).toBePartiallyChecked();
    expect(box('Tất cả quyền')).toBePartiallyChecked();
    expect(box('Phòng học — Tất cả thao tác')).not.toBePartiallyChecked();
    expect(box('Phòng học — Tất cả thao tác')).not.toBeChecked();

    fireEvent.click(box('Lớp học — Xem danh sách'));
    expect(last()).toEqual([]);
    expect(box('Lớp học — Tất cả thao tác')).not.toBePartiallyChecked();
  });

  it('selects and clears a whole resource with its row checkbox', () => {
    const { last } = renderMatrix([idOf('LearningClass', 'GetOne')]);
    expect(box('Lớp học — Tất cả thao tác')).toBePartiallyChecked();
    fireEvent.click(box('Lớp học — Tất cả thao tác'));
    const row = PERMISSION_CATALOGUE.filter((p) => p.resource === 'LearningClass').map((p) => p.id);
    expect(last()).toEqual(row);
    expect(box('Lớp học — Tất cả thao tác')).toBeChecked();
    expect(box('Lớp học — Tất cả thao tác')).not.toBePartiallyChecked();
    for (const name of ['Xem danh sách', 'Xem chi tiết', 'Thêm', 'Sửa', 'Xoá', 'Xuất file']) expect(box(`Lớp học — ${name}`)).toBeChecked();
    expect(screen.getByText(`Đã chọn ${row.length}/${TOTAL} quyền`)).toBeInTheDocument();

    fireEvent.click(box('Lớp học — Tất cả thao tác'));
    expect(last()).toEqual([]);
    expect(box('Lớp học — Sửa')).not.toBeChecked();
  });

  it('selects and clears an action for every resource with its column checkbox, keeping the rest', () => {
    const kept = idOf('System', 'GetAuditLog');
    const { last } = renderMatrix([kept]);
    fireEvent.click(box('Tất cả mục — Xem danh sách'));
    const column = PERMISSION_CATALOGUE.filter((p) => p.action === 'GetAll').map((p) => p.id);
    expect(last()).toEqual([...column, kept].sort((a, b) => a - b));
    expect(box('Tất cả mục — Xem danh sách')).toBeChecked();
    expect(box('Trung tâm — Xem danh sách')).toBeChecked();
    expect(box('Chấm thi — Xem danh sách')).toBeChecked();
    // a row now holding one of its actions is mixed
    expect(box('Trung tâm — Tất cả thao tác')).toBePartiallyChecked();

    fireEvent.click(box('Tất cả mục — Xem danh sách'));
    expect(last()).toEqual([kept]);
  });

  it('has a checkbox only where the catalogue has the permission', () => {
    renderMatrix();
    expect(box('Hệ thống — Xem quyền tài khoản')).toBeInTheDocument();
    expect(box('Lịch học — Điểm danh')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Lớp học — Xem quyền tài khoản' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Lớp học — Điểm danh' })).toBeNull();
    // one checkbox per catalogue entry, one per resource, one per action, one for everything
    const cells = screen.getAllByRole('checkbox').filter((el) => !/Tất cả/.test(el.getAttribute('aria-label') ?? ''));
    expect(cells).toHaveLength(TOTAL);
  });

  it('works by keyboard: a focused checkbox toggles with the space bar', async () => {
    const user = userEvent.setup();
    const { last } = renderMatrix();
    box('Trung tâm — Thêm').focus();
    await user.keyboard(' ');
    expect(last()).toEqual([idOf('LearningCenter', 'Create')]);
    await user.tab();
    expect(document.activeElement).toBe(box('Trung tâm — Sửa'));
  });

  it('changes nothing when disabled', () => {
    const { changes } = renderMatrix([idOf('User', 'GetAll')], true);
    for (const el of screen.getAllByRole('checkbox')) expect(el).toBeDisabled();
    fireEvent.click(box('Tài khoản — Xem danh sách'));
    fireEvent.click(box('Tài khoản — Tất cả thao tác'));
    expect(changes).toEqual([]);
    expect(box('Tài khoản — Xem danh sách')).toBeChecked();
  });
});
