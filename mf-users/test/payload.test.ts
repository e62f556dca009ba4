import { EMPTY_TEACHER_FORM, toCreateRequest, toFormValues, toUpdateRequest } from '../src/features/teachers/payload';
import { teacher } from './helpers';

describe('teacher payloads', () => {
  const values = {
    ...EMPTY_TEACHER_FORM,
    name: '  Lê Văn Cường ',
    email: 'cuong.le@trungtam.vn',
    password: 'matkhau123',
    phone_number: '0987654321',
    status: 4,
    roles: 9,
    center_id: 0,
    banking_name: 'ACB',
  };

  it('create is always a teacher, with the role id as a number and no centre when 0', () => {
    const body = toCreateRequest({ ...values, roles: '9' as unknown as number });
    expect(body).toMatchObject({
      type: 'teacher',
      name: 'Lê Văn Cường',
      email: 'cuong.le@trungtam.vn',
      password: 'matkhau123',
      phone_number: '0987654321',
      status: 4,
      roles: [{ id: 9 }],
      banking_name: 'ACB',
    });
    expect(body).not.toHaveProperty('center_id');
  });

  it('keeps a chosen centre', () => {
    expect(toCreateRequest({ ...values, center_id: 2 }).center_id).toBe(2);
  });

  it('update carries the id, no password, numbers, and drops centre 0', () => {
    const body = toUpdateRequest(7, { ...values, status: '1' as unknown as number });
    expect(body).toMatchObject({ id: 7, status: 1, roles: [{ id: 9 }] });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('center_id');
    expect(body).not.toHaveProperty('type');
  });

  it('fills the edit form from an account', () => {
    expect(toFormValues(teacher({ center_id: null, banking_number: null }))).toMatchObject({
      name: 'Trần Thị Bình',
      password: '',
      roles: 3,
      center_id: 0,
      banking_number: '',
      status: 1,
    });
  });
});
