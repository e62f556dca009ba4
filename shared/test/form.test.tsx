import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as yup from 'yup';
import { CheckboxGroupField, FormField, SelectField, SubmitButton, SubmitForm } from '../src/ui/form';
import { FORM_SUBMIT_DELAY_MS, MESSAGES } from '../src/validation';
import { spyToasts } from '../src/testing';
import { renderUi } from './render';
import { refusedCall } from '../src/testing';

const schema = yup.object({
  name: yup.string().required(MESSAGES.accountNameRequired),
  status: yup.number().min(1, MESSAGES.statusRequired),
});

afterEach(() => jest.restoreAllMocks());

function renderForm(onSubmit: (values: { name: string; status: number }) => Promise<unknown>, onSuccess = jest.fn()) {
  renderUi(
    <SubmitForm
      aria-label="Thử"
      initialValues={{ name: '', status: 0 }}
      validationSchema={schema}
      onSubmit={onSubmit}
      successMessage="Xong"
      failureMessage="Hỏng"
      onSuccess={onSuccess}
    >
      <FormField name="name" label="Tên tài khoản" />
      <SelectField
        name="status"
        label="Trạng thái"
        numeric
        placeholder="Chọn"
        options={[
          { value: 1, label: 'Hoạt động' },
          { value: 4, label: 'Đã khoá' },
        ]}
      />
      <SubmitButton>Lưu</SubmitButton>
    </SubmitForm>,
  );
  return onSuccess;
}

describe('SubmitForm', () => {
  it('labels fields and shows yup errors once touched', async () => {
    renderForm(() => Promise.resolve());
    const name = screen.getByLabelText('Tên tài khoản');
    expect(screen.queryByText(MESSAGES.accountNameRequired)).not.toBeInTheDocument();
    fireEvent.blur(name);
    expect(await screen.findByText(MESSAGES.accountNameRequired)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('keeps submit disabled while invalid', async () => {
    renderForm(() => Promise.resolve());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lưu' })).toBeDisabled());
    fireEvent.change(screen.getByLabelText('Tên tài khoản'), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText('Trạng thái'), { target: { value: '4' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lưu' })).toBeEnabled());
  });

  it('waits 1 second with the indicator BEFORE calling, then succeeds', async () => {
    const toasts = spyToasts();
    let clickedAt = 0;
    let calledAfter = -1;
    const onSubmit = jest.fn(() => {
      calledAfter = Date.now() - clickedAt;
      return Promise.resolve('ok');
    });
    const onSuccess = renderForm(onSubmit);
    fireEvent.change(screen.getByLabelText('Tên tài khoản'), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText('Trạng thái'), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lưu' })).toBeEnabled());
    clickedAt = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByRole('button', { name: MESSAGES.pleaseWait })).toBeDisabled();
    expect(onSubmit).not.toHaveBeenCalled();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('ok', { name: 'A', status: 1 }), {
      timeout: FORM_SUBMIT_DELAY_MS + 1000,
    });
    expect(onSubmit).toHaveBeenCalledWith({ name: 'A', status: 1 });
    expect(calledAfter).toBeGreaterThanOrEqual(FORM_SUBMIT_DELAY_MS - 5);
    expect(toasts.titles()).toEqual(['Xong']);
    expect(screen.getByRole('button', { name: 'Lưu' })).toBeEnabled();
  });

  it('shows the failure text in the form', async () => {
    const toasts = spyToasts();
    const onSuccess = renderForm(() => Promise.reject(new Error('409')));
    fireEvent.change(screen.getByLabelText('Tên tài khoản'), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText('Trạng thái'), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lưu' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByRole('alert', {}, { timeout: FORM_SUBMIT_DELAY_MS + 1000 })).toHaveTextContent('Hỏng');
    expect(onSuccess).not.toHaveBeenCalled();
    expect(toasts.spy).not.toHaveBeenCalled();
  });

  it('puts the API’s field messages of a refused form on those fields, keeping what was typed', async () => {
    const refusal = refusedCall(400, {
      error: { code: 'VALIDATION_FAILED', message: 'Dữ liệu gửi lên không hợp lệ', fields: { name: 'Tên này đã có người dùng', unknown_field: 'x' } },
    });
    renderForm(() => Promise.reject(refusal));
    fireEvent.change(screen.getByLabelText('Tên tài khoản'), { target: { value: 'Lan' } });
    fireEvent.change(screen.getByLabelText('Trạng thái'), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lưu' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Tên này đã có người dùng', {}, { timeout: FORM_SUBMIT_DELAY_MS + 1000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Tên tài khoản')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Tên tài khoản')).toHaveValue('Lan');
    expect(screen.getByRole('alert')).toHaveTextContent('Hỏng');
  });

  it('shows no failure text of its own when the API’s refusal names only fields of the form', async () => {
    const refusal = refusedCall(400, {
      error: { code: 'VALIDATION_FAILED', message: 'Dữ liệu gửi lên không hợp lệ', fields: { name: 'Tối đa 255 ký tự' } },
    });
    renderForm(() => Promise.reject(refusal));
    fireEvent.change(screen.getByLabelText('Tên tài khoản'), { target: { value: 'Lan' } });
    fireEvent.change(screen.getByLabelText('Trạng thái'), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lưu' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    expect(await screen.findByText('Tối đa 255 ký tự', {}, { timeout: FORM_SUBMIT_DELAY_MS + 1000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Tên tài khoản')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Hỏng')).toBeNull();
  });
});

describe('CheckboxGroupField', () => {
  it('keeps the checked values in the options’ order, in a group named by its label, with its error once touched', async () => {
    const submitted = jest.fn((values: { types: string[] }) => Promise.resolve(values));
    renderUi(
      <SubmitForm
        aria-label="Nhóm"
        initialValues={{ types: ['student'] }}
        validationSchema={yup.object({ types: yup.array(yup.string().required()).min(1, 'Chọn ít nhất một loại') })}
        onSubmit={submitted}
        failureMessage="Hỏng"
        delayMs={0}
      >
        <CheckboxGroupField
          name="types"
          label="Loại tài khoản"
          options={[
            { value: 'teacher', label: 'Giáo viên' },
            { value: 'student', label: 'Học viên' },
            { value: 'academic_affair', label: 'Giáo vụ' },
          ]}
        />
        <SubmitButton>Lưu</SubmitButton>
      </SubmitForm>,
    );
    const group = screen.getByRole('group', { name: 'Loại tài khoản' });
    expect(within(group).getByRole('checkbox', { name: 'Học viên' })).toBeChecked();
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Học viên' }));
    expect(await screen.findByText('Chọn ít nhất một loại')).toBeInTheDocument();
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Giáo vụ' }));
    fireEvent.click(within(group).getByRole('checkbox', { name: 'Giáo viên' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lưu' })).toBeEnabled());
    expect(screen.queryByText('Chọn ít nhất một loại')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Lưu' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ types: ['teacher', 'academic_affair'] }));
  });
});
