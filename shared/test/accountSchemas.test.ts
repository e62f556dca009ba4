import { ValidationError } from 'yup';
import {
  accountCreateSchema,
  accountEditSchema,
  accountSchema,
  changePasswordSchema,
} from '../src/forms/accountSchemas';
import { MESSAGES } from '../src/validation';

const valid = {
  name: 'Nguyễn Văn A',
  email: 'gv.a@trungtam.vn',
  password: 'matkhau1',
  phone_number: '0901234567',
  status: 1,
  roles: 3,
};

/** The first message per field, as formik shows it. */
async function errorsOf(schema: typeof accountCreateSchema | typeof accountEditSchema, values: object) {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    const out: Record<string, string> = {};
    for (const inner of (error as ValidationError).inner) {
      if (inner.path && !(inner.path in out)) out[inner.path] = inner.message;
    }
    return out;
  }
}

describe('account create schema', () => {
  it('accepts a complete account', async () => {
    await expect(accountCreateSchema.isValid(valid)).resolves.toBe(true);
  });

  it('gives every required message on an empty form', async () => {
    expect(
      await errorsOf(accountCreateSchema, {
        name: '',
        email: '',
        password: '',
        phone_number: '',
        status: '',
        roles: 0,
      }),
    ).toEqual({
      name: MESSAGES.accountNameRequired,
      email: MESSAGES.accountEmailRequired,
      password: MESSAGES.accountPasswordRequired,
      phone_number: MESSAGES.phoneRequired,
      status: MESSAGES.statusRequired,
      roles: MESSAGES.roleRequired,
    });
  });

  it.each([
    ['', MESSAGES.accountPasswordRequired],
    ['abc', MESSAGES.accountPasswordMin],
    ['a'.repeat(6), MESSAGES.accountPasswordMin],
    ['a'.repeat(51), MESSAGES.accountPasswordMax],
  ])('password %j → %s', async (password, message) => {
    expect((await errorsOf(accountCreateSchema, { ...valid, password })).password).toBe(message);
  });

  it('accepts passwords of 7 and 50 characters', async () => {
    expect((await errorsOf(accountCreateSchema, { ...valid, password: 'a'.repeat(7) })).password).toBeUndefined();
    expect((await errorsOf(accountCreateSchema, { ...valid, password: 'a'.repeat(50) })).password).toBeUndefined();
  });

  it.each([
    ['', MESSAGES.accountEmailRequired],
    ['khong-phai-email', MESSAGES.accountEmailFormat],
    // the API refuses an address without a dot in its domain, so the form does too
    ['giaovien@trungtam', MESSAGES.accountEmailFormat],
    ['a@b.vn', MESSAGES.accountEmailMin],
    [`${'a'.repeat(45)}@b.com`, MESSAGES.accountEmailMax],
  ])('email %j → %s', async (email, message) => {
    expect((await errorsOf(accountCreateSchema, { ...valid, email })).email).toBe(message);
  });

  it('requires a role id of at least 1', async () => {
    expect((await errorsOf(accountCreateSchema, { ...valid, roles: 0 })).roles).toBe(MESSAGES.roleRequired);
    expect((await errorsOf(accountCreateSchema, { ...valid, roles: '' })).roles).toBe(MESSAGES.roleRequired);
    expect((await errorsOf(accountCreateSchema, { ...valid, roles: undefined })).roles).toBe(MESSAGES.roleRequired);
  });

  it('requires a name, a phone number and a status', async () => {
    expect(await errorsOf(accountCreateSchema, { ...valid, name: '   ', phone_number: '', status: undefined })).toEqual({
      name: MESSAGES.accountNameRequired,
      phone_number: MESSAGES.phoneRequired,
      status: MESSAGES.statusRequired,
    });
  });
});

describe('account edit schema', () => {
  it('validates neither password nor role', async () => {
    expect(await errorsOf(accountEditSchema, { ...valid, password: '', roles: 0 })).toEqual({});
  });

  it('still validates the common fields', async () => {
    expect(await errorsOf(accountEditSchema, { ...valid, name: '', email: 'x', phone_number: '' })).toEqual({
      name: MESSAGES.accountNameRequired,
      email: MESSAGES.accountEmailFormat,
      phone_number: MESSAGES.phoneRequired,
    });
  });

  it('is chosen when an id exists', () => {
    expect(accountSchema(true)).toBe(accountEditSchema);
    expect(accountSchema(false)).toBe(accountCreateSchema);
  });
});

describe('change-password schema', () => {
  it.each([
    ['', MESSAGES.accountPasswordRequired],
    ['123456', MESSAGES.accountPasswordMin],
    ['x'.repeat(51), MESSAGES.accountPasswordMax],
  ])('%j → %s', async (password, message) => {
    await expect(changePasswordSchema.validate({ password })).rejects.toThrow(message);
  });

  it('accepts 7 to 50 characters', async () => {
    await expect(changePasswordSchema.isValid({ password: '1234567' })).resolves.toBe(true);
  });
});
