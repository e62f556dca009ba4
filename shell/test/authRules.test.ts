/** The auth forms' rules: each field's first failing rule gives its message. */
import { MESSAGES } from '@trungtam/shared/validation';
import { validateLogin, validateRegistration, validateResetPassword } from '../src/features/auth/rules';

const registration = {
  firstname: 'Nguyễn',
  lastname: 'Văn An',
  email: 'an@trungtam.vn',
  password: 'matkhau123',
  changepassword: 'matkhau123',
  acceptTerms: true,
};

it('a valid form has no errors', () => {
  expect(validateLogin({ email: 'an@trungtam.vn', password: 'matkhau123' })).toEqual({});
  expect(validateRegistration(registration)).toEqual({});
});

it('checks names and emails trimmed, and passwords as typed', () => {
  expect(validateLogin({ email: '  an@trungtam.vn  ', password: 'matkhau123' })).toEqual({});
  expect(validateLogin({ email: '   ', password: '   ' })).toEqual({ email: MESSAGES.loginEmailRequired });
  expect(validateRegistration({ ...registration, firstname: '  An  ' })).toEqual({ firstname: MESSAGES.minSymbols });
});

it('says required first, then the format, then the lengths', () => {
  expect(validateLogin({ email: '', password: '' })).toEqual({ email: MESSAGES.loginEmailRequired, password: MESSAGES.loginPasswordRequired });
  expect(validateLogin({ email: 'ab', password: 'ab' })).toEqual({ email: MESSAGES.loginEmailFormat, password: MESSAGES.loginMin });
  expect(validateLogin({ email: `${'a'.repeat(46)}@b.vn`, password: 'x'.repeat(51) })).toEqual({ email: MESSAGES.loginMax, password: MESSAGES.loginMax });
  expect(validateLogin({ email: 'a@b.vn', password: 'x'.repeat(50) })).toEqual({});
});

it('wants the confirmation to match the password, and the terms accepted', () => {
  expect(validateResetPassword({ password: 'matkhau123', changepassword: '' })).toEqual({ changepassword: MESSAGES.passwordConfirmationRequired });
  expect(validateResetPassword({ password: 'matkhau123', changepassword: 'matkhau12' })).toEqual({ changepassword: MESSAGES.passwordMismatch });
  expect(validateRegistration({ ...registration, acceptTerms: false })).toEqual({ acceptTerms: MESSAGES.acceptTerms });
});
