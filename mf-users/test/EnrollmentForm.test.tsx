import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Discount, Enrollment, LearningClass } from '@trungtam/shared/contracts/learning';
import { MESSAGES } from '@trungtam/shared/validation';
import { EnrollmentForm } from '../src/features/students/EnrollmentForm';
import { applyClass, applyDiscount, EMPTY_ENROLLMENT_FORM, toEnrollmentCreateRequest } from '../src/features/students/enrollment';
import { refusedCall } from '@trungtam/shared/testing';
import { renderWithProviders, spyToasts } from './helpers';

afterEach(() => jest.restoreAllMocks());

const cls = (id: number, name: string, total: number, discountIds: number[]): LearningClass => ({
  class_id: id, class_name: name, class_type: 'collective', teacher_id: 3, academic_affair_id: 2, center_id: 1, room_id: 1,
  product_id: 1, product_item_id: id * 10, teacher_salary: 200000, start_date: '2026-09-01', class_schedule: '[]', capacity: null, status: 1,
  created_at: '2026-09-01T00:00:00Z', updated_at: '2026-09-01T00:00:00Z',
  room: { room_id: 1, name: 'Phòng 101', room_number: '101', center: { center_id: 1, name: 'Cơ sở Cầu Giấy' } },
  academic_affair: { id: 2, name: 'Trần Thu Hà' },
  product_item: { product_item_id: id * 10, name: null, total_lesson: total, price: 4_800_000, product: { product_id: 1, name: 'Tiếng Anh', discount_ids: discountIds } },
});
const CLASSES = [cls(1, 'GT-HN-01 Giao tiếp cơ bản', 24, [1, 3]), cls(2, 'IELTS-HN-02 Luyện thi 6.5', 36, [1, 2])];
const discount = (id: number, name: string, percent: number): Discount => ({
  discount_id: id, name, discount_percent: percent, status: 1, created_at: '', updated_at: '',
});
const DISCOUNTS = [discount(3, 'Ưu đãi khai giảng', 15), discount(2, 'Giảm 5%', 5), discount(1, 'Không khuyến mại', 0)];

function renderForm(editing: Enrollment | null = null) {
  const onCreate = jest.fn().mockResolvedValue({});
  const onUpdate = jest.fn().mockResolvedValue({});
  const onDone = jest.fn();
  renderWithProviders(
    <EnrollmentForm userId={76} editing={editing} classes={CLASSES} discounts={DISCOUNTS} onCreate={onCreate} onUpdate={onUpdate} onDone={onDone} delayMs={0} />,
  );
  return { onCreate, onUpdate, onDone };
}

const select = (label: string, value: string) => fireEvent.change(screen.getByLabelText(new RegExp(label)), { target: { value } });
const shown = (label: string) => screen.getByTestId(`value-${label}`).textContent;

describe('enrolment form rules', () => {
  it('choosing a class sets its course total and resets the discount to none (0 %)', () => {
    const afterDiscount = applyDiscount(applyClass(EMPTY_ENROLLMENT_FORM, 1, CLASSES), 3, DISCOUNTS);
    expect(afterDiscount).toMatchObject({ class_id: 1, total_lesson: 24, discount_id: 3, total_discount_percent: 15 });
    expect(applyClass(afterDiscount, 2, CLASSES)).toMatchObject({ class_id: 2, total_lesson: 36, discount_id: 0, total_discount_percent: 0 });
  });

  it('on submit total lessons = the class total + the bonus lessons, as integers', () => {
    const values = { ...applyDiscount(applyClass(EMPTY_ENROLLMENT_FORM, 1, CLASSES), 3, DISCOUNTS), total_lesson_promote: 2, total_lesson_learned: 4 };
    expect(toEnrollmentCreateRequest(76, values)).toEqual({
      user_id: 76, class_id: 1, discount_id: 3, total_lesson: 26, total_lesson_promote: 2, total_lesson_learned: 4, total_discount_percent: 15,
    });
  });
});

describe('EnrollmentForm', () => {
  it('keeps submit disabled and names the missing class and discount', async () => {
    renderForm();
    const submit = screen.getByRole('button', { name: 'Gán vào lớp' });
    await waitFor(() => expect(submit).toBeDisabled());
    fireEvent.blur(screen.getByLabelText(/Lớp học/));
    expect(await screen.findByText(MESSAGES.enrollmentClassRequired)).toBeInTheDocument();
    select('Lớp học', '1');
    fireEvent.blur(screen.getByLabelText(/Hình thức khuyến mại/));
    expect(await screen.findByText(MESSAGES.enrollmentDiscountRequired)).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.enrollmentClassRequired)).not.toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('class → total lessons and discount reset; discount → percent; only the course\'s discounts are offered', async () => {
    renderForm();
    select('Lớp học', '1');
    await waitFor(() => expect(shown('Tổng số buổi của khoá')).toBe('24'));
    expect(screen.getByRole('option', { name: 'Ưu đãi khai giảng (15%)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Giảm 5%/ })).not.toBeInTheDocument();
    select('Lớp học', '2');
    expect(screen.getByRole('option', { name: 'Giảm 5%' })).toBeInTheDocument();
    select('Lớp học', '1');
    select('Hình thức khuyến mại', '3');
    await waitFor(() => expect(shown('Khuyến mại (%)')).toBe('15'));
    select('Lớp học', '2');
    await waitFor(() => expect(shown('Tổng số buổi của khoá')).toBe('36'));
    expect(shown('Khuyến mại (%)')).toBe('0');
    expect((screen.getByLabelText(/Hình thức khuyến mại/) as HTMLSelectElement).value).toBe('0');
  });

  it('submits class total + bonus and shows the success toast', async () => {
    const toasts = spyToasts();
    const { onCreate, onDone } = renderForm();
    select('Lớp học', '1');
    select('Hình thức khuyến mại', '3');
    fireEvent.change(screen.getByLabelText('Số buổi tặng'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Số buổi đã học'), { target: { value: '3' } });
    const submit = screen.getByRole('button', { name: 'Gán vào lớp' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(onCreate).toHaveBeenCalled());
    expect(onCreate).toHaveBeenCalledWith({
      user_id: 76, class_id: 1, discount_id: 3, total_lesson: 26, total_lesson_promote: 2, total_lesson_learned: 3, total_discount_percent: 15,
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(toasts.titles()).toContain(MESSAGES.enrollmentAdded);
  });

  it('refuses learned lessons beyond the total', async () => {
    renderForm();
    select('Lớp học', '1');
    fireEvent.change(screen.getByLabelText('Số buổi đã học'), { target: { value: '30' } });
    fireEvent.blur(screen.getByLabelText('Số buổi đã học'));
    expect(await screen.findByText(MESSAGES.lessonsLearnedRange)).toBeInTheDocument();
  });

  it('while editing: the class is locked, learned lessons are closed, the update keeps the class out', async () => {
    const toasts = spyToasts();
    const editing: Enrollment = {
      enrollment_id: 9, class_id: 1, user_id: 76, status: 1, total_lesson: 26, total_lesson_learned: 5, total_lesson_promote: 2,
      total_discount_percent: 15, discount_id: 3, start_date: '2026-09-01', created_at: '', updated_at: '', class: { class_id: 1, class_name: 'GT-HN-01 Giao tiếp cơ bản' },
    };
    const { onUpdate } = renderForm(editing);
    expect(screen.getByLabelText(/Lớp học/)).toBeDisabled();
    expect(screen.getByLabelText('Số buổi đã học')).toBeDisabled();
    expect(shown('Tổng số buổi của khoá')).toBe('24');
    fireEvent.change(screen.getByLabelText('Số buổi tặng'), { target: { value: '4' } });
    const submit = screen.getByRole('button', { name: 'Cập nhật lớp' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    await waitFor(() => expect(onUpdate).toHaveBeenCalledWith({ enrollment_id: 9, discount_id: 3, total_lesson: 28, total_lesson_promote: 4, total_discount_percent: 15 }));
    await waitFor(() => expect(toasts.titles()).toContain(MESSAGES.enrollmentUpdated));
  });

  it('"Tính từ ngày" is optional, not after the operator\'s today nor before the class starts, and sent as set', async () => {
    // 00:30 on Monday 30/11/2026 in Việt Nam, still Sunday in UTC: only the clock is faked
    jest.useFakeTimers({ now: new Date('2026-11-29T17:30:00Z'), doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'hrtime', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'] });
    try {
      const { onCreate } = renderForm();
      select('Lớp học', '1');
      select('Hình thức khuyến mại', '3');
      const start = screen.getByLabelText(/Tính từ ngày/);
      const submit = screen.getByRole('button', { name: 'Gán vào lớp' });
      const type = (text: string) => {
        fireEvent.change(start, { target: { value: text } });
        fireEvent.blur(start);
      };
      type('01/12/2026');
      expect(await screen.findByText('Tính từ ngày không được sau hôm nay')).toBeInTheDocument();
      await waitFor(() => expect(submit).toBeDisabled());
      type('31/08/2026');
      expect(await screen.findByText('Tính từ ngày không được trước ngày lớp bắt đầu (01/09/2026)')).toBeInTheDocument();
      // the operator's today (the UTC date is still the 29th)
      type('30/11/2026');
      await waitFor(() => expect(submit).toBeEnabled());
      type('15/10/2026');
      await waitFor(() => expect(submit).toBeEnabled());
      fireEvent.click(submit);
      await waitFor(() => expect(onCreate).toHaveBeenCalledWith(expect.objectContaining({ class_id: 1, start_date: '2026-10-15' })));
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the contact-the-administrator text when the save fails', async () => {
    const onCreate = jest.fn().mockRejectedValue(new Error('HTTP 409'));
    renderWithProviders(
      <EnrollmentForm userId={76} editing={null} classes={CLASSES} discounts={DISCOUNTS} onCreate={onCreate} onUpdate={jest.fn()} onDone={jest.fn()} delayMs={0} />,
    );
    select('Lớp học', '1');
    select('Hình thức khuyến mại', '1');
    const submit = screen.getByRole('button', { name: 'Gán vào lớp' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.enrollmentSaveFailed);
  });

  it("shows the API's refusal of a class out of reach (or gone) under the class, not as a banner", async () => {
    const outOfReach = 'Lớp học không tồn tại hoặc ngoài phạm vi của bạn';
    const onCreate = jest.fn().mockRejectedValue(refusedCall(400, { error: { code: 'VALIDATION_FAILED', message: 'Dữ liệu gửi lên không hợp lệ', fields: { class_id: outOfReach } } }));
    renderWithProviders(
      <EnrollmentForm userId={76} editing={null} classes={CLASSES} discounts={DISCOUNTS} onCreate={onCreate} onUpdate={jest.fn()} onDone={jest.fn()} delayMs={0} />,
    );
    select('Lớp học', '1');
    select('Hình thức khuyến mại', '1');
    const submit = screen.getByRole('button', { name: 'Gán vào lớp' });
    await waitFor(() => expect(submit).toBeEnabled());
    fireEvent.click(submit);
    expect(await screen.findByText(outOfReach)).toBeInTheDocument();
    expect(screen.getByLabelText(/Lớp học/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
