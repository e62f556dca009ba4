/** The auth calls: sign-in, registration, forgotten password, the current user. */
import { api, unwrap } from '@trungtam/shared/api';
import type {
  ApiData,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  LoginRequest,
  LoginResponse,
  ResetPasswordRequest,
  SelfRegisterRequest,
  SelfRegisterResponse,
  SelfSignupSetting,
} from '@trungtam/shared/contracts';

export const login = (body: LoginRequest) => unwrap(api.post<ApiData<LoginResponse>>('/auth/login', body));

export const register = (body: SelfRegisterRequest) =>
  unwrap(api.post<ApiData<SelfRegisterResponse>>('/auth/register', body));

/** Whether self sign-up is open, needs approval or is closed (asked before the visitor types). */
export const registrationMode = () => unwrap(api.get<ApiData<SelfSignupSetting>>('/auth/registration-mode'));

export const requestPasswordReset = (body: ForgotPasswordRequest) =>
  unwrap(api.post<ApiData<ForgotPasswordResponse>>('/auth/forgot-password', body));

export const resetPassword = (body: ResetPasswordRequest) =>
  unwrap(api.post<ApiData<unknown>>('/auth/reset-password', body));
