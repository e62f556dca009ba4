import {
  accountCreateSchema,
  accountEditSchema,
  accountSchema,
  changePasswordSchema,
} from '../src/forms/accountSchemas';
import { Value } from 'typebox/value';
import { StaffCreateBody } from '../src/schemas/users';
import { LIMITS, MESSAGES } from '../src/validation';
import { errorsOf } from './formErrors';

const valid = {
  name: 'Nguyễn Văn A',
  email: 'gv.a@trungtam.vn',
  password: 'matkhau1',
  phone_number: '0901234567',
  status: 1,
  roles: 3,
};

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
      // not an address at all: the shape's message before the length's
      email: MESSAGES.accountEmailFormat,
      phone_number: MESSAGES.phoneRequired,
    });
  });

  it('is chosen when an id exists', () => {
    expect(accountSchema(true)).toBe(accountEditSchema);
    expect(accountSchema(false)).toBe(accountCreateSchema);
  });
});

describe('the limits the API has', () => {
  const apiRefuses = (body: object, field: string) =>
    [...Value.Errors(StaffCreateBody, { type: 'teacher', ...body, roles: [{ id: 3 }] })].some((error) => error.instancePath === `/${field}`);

  it.each([
    ['name', 'A'.repeat(LIMITS.accountName.max), true],
    ['name', 'A'.repeat(LIMITS.accountName.max + 1), false],
    ['phone_number', '0912345678', true],
    ['phone_number', '+84912345678', true],
    ['phone_number', 'abcxyz', false],
    ['phone_number', '091234567', false],
    ['phone_number', '84912345678', false],
    ['phone_number', '0912 345 678', false],
    ['reference_phone', '', true],
    ['reference_phone', '0912000333', true],
    ['reference_phone', '12345', false],
    ['banking_number', '1'.repeat(LIMITS.accountExtras.banking_number), true],
    ['banking_number', '1'.repeat(LIMITS.accountExtras.banking_number + 1), false],
    ['address', 'a'.repeat(LIMITS.accountExtras.address + 1), false],
    ['about', 'a'.repeat(LIMITS.accountExtras.about + 1), false],
  ])('%s %j: the form and the API agree (accepted: %s)', async (field, value, accepted) => {
    const formErrors = await errorsOf(accountCreateSchema, { ...valid, [field]: value });
    expect(!(field in formErrors)).toBe(accepted);
    expect(apiRefuses({ ...valid, [field]: value }, field)).toBe(!accepted);
  });

  it('names the field with the API’s messages', async () => {
    expect(await errorsOf(accountCreateSchema, { ...valid, name: 'A'.repeat(360), phone_number: 'abcxyz', reference_phone: '123' })).toEqual({
      name: 'Tối đa 255 ký tự',
      phone_number: MESSAGES.phoneFormat,
      reference_phone: MESSAGES.referencePhoneFormat,
    });
  });
});

describe('editing an account with the phones it holds', () => {
  const selfRegistered = { ...valid, phone_number: '', reference_phone: '' };

  it('accepts a phone never filled in, or held in another format, while it stays as it is', async () => {
    expect(await errorsOf(accountSchema(true, { phone_number: null, reference_phone: null }), selfRegistered)).toEqual({});
    const older = { phone_number: '0912 345 678', reference_phone: '(024) 3765 4321' };
    expect(await errorsOf(accountSchema(true, older), { ...valid, ...older })).toEqual({});
  });

  it('checks a phone once it changes, as on create', async () => {
    const schema = accountSchema(true, { phone_number: '', reference_phone: '' });
    expect(await errorsOf(schema, { ...selfRegistered, phone_number: 'abcxyz', reference_phone: '1' })).toEqual({
      phone_number: MESSAGES.phoneFormat,
      reference_phone: MESSAGES.referencePhoneFormat,
    });
    expect(await errorsOf(accountSchema(true, { phone_number: '0912345678' }), { ...valid, phone_number: '' })).toEqual({
      phone_number: MESSAGES.phoneRequired,
    });
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
