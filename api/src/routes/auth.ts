/**
 * /auth/*: sign-in, sign-out, sign-up / staff creation, password reset. The public calls are limited per
 * account and per client address, separately (config DEFAULT_RATE_LIMITS): past a limit, 429 with
 * Retry-After and the wait in the message.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { EMAIL_PATTERN, LIMITS, MESSAGES } from '@trungtam/shared/validation';
import { ApiError, TEXT } from '../lib/errors';
import { accountKey } from '../lib/attempts';
import { Data, errorResponses, IdFilter, Id, Int, Nullable, ResultBody, SMALLINT_MAX, Text } from '@trungtam/shared/schemas/builders';
import { UserRecord as UserSchema } from '@trungtam/shared/schemas/records';
import { accountPassword, extrasUpdateProps, StaffCreateBody } from '@trungtam/shared/schemas/users';
import { forgotPassword, login, resetPassword, resetTokenAccount, selfRegister } from '../services/auth';
import { signupMode } from '../services/self-signup';
import { SelfSignupSettingBody } from '@trungtam/shared/schemas/users';
import { endSession } from '../services/sessions';
import { createUser } from '../services/users';
import { requireCan } from '../access/access';
import { actorOf, auditCtx, validateBody, writeAudit } from '../factory';

const { min, max } = LIMITS.authField;
const loginEmail = Text(max, {
  minLength: min,
  pattern: EMAIL_PATTERN,
  messages: { required: MESSAGES.loginEmailRequired, minLength: MESSAGES.loginMin, maxLength: MESSAGES.loginMax, pattern: MESSAGES.loginEmailFormat },
});
const loginPassword = Text(max, {
  minLength: min,
  messages: { required: MESSAGES.loginPasswordRequired, minLength: MESSAGES.loginMin, maxLength: MESSAGES.loginMax },
});
const LoginBody = Type.Object({ email: loginEmail, password: loginPassword });

const registerName = (required: string) =>
  Text(max, { minLength: min, messages: { required, minLength: MESSAGES.minSymbols, maxLength: MESSAGES.maxSymbols } });
export const SelfRegisterBody = Type.Object({
  email: Text(max, { minLength: min, pattern: EMAIL_PATTERN, messages: { required: MESSAGES.emailRequired, minLength: MESSAGES.minSymbols, maxLength: MESSAGES.maxSymbols, pattern: MESSAGES.wrongEmailFormat } }),
  firstname: registerName(MESSAGES.firstNameRequired),
  lastname: registerName(MESSAGES.lastNameRequired),
  password: Text(max, { minLength: min, messages: { required: MESSAGES.passwordRequired, minLength: MESSAGES.minSymbols, maxLength: MESSAGES.maxSymbols } }),
});

/**
 * What the route accepts before it knows which of the two calls it is (documents both shapes). It only
 * bounds types, lengths and ranges (generously: the messages of the form's limits come from the second
 * check, SelfRegisterBody or StaffCreateBody); it names every field of both, since what it does not name
 * is dropped before the second check.
 */
export const RegisterBody = Type.Object(
  {
    email: Type.Optional(Text(255)),
    password: Type.Optional(Text(255)),
    firstname: Type.Optional(Text(255)),
    lastname: Type.Optional(Text(255)),
    // (beyond the account name's limit: the second check names the field with the limit's message)
    name: Type.Optional(Text(1000)),
    type: Type.Optional(Text(32)),
    phone_number: Type.Optional(Text(255)),
    status: Type.Optional(Int(0, SMALLINT_MAX)),
    roles: Type.Optional(Type.Array(Type.Object({ id: Id() }), { maxItems: 20 })),
    center_id: Type.Optional(Nullable(IdFilter())),
    // (lengths only: the representative's phone is checked with the account's by the second check)
    ...extrasUpdateProps,
  },
  {
    description:
      'Without a bearer token: self sign-up {email, firstname, lastname, password} creating a student account. ' +
      'With a bearer token (User Create): staff creation {email, name, password, type, phone_number, status, roles:[{id}], center_id, extras}.',
  },
);

const AuthBody = Type.Object({ accessToken: Type.String(), expiresIn: Type.Integer() });
const LoginResponse = Data(Type.Object({ auth: AuthBody, user: UserSchema }));

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { limits } = app.ctx;

  app.post(
    '/auth/login',
    {
      schema: { tags: ['auth'], security: [], body: LoginBody, response: { 200: LoginResponse, ...errorResponses } },
      config: { auth: 'none' },
    },
    async (request) => {
      // Only failures count, per account and per address; a success clears its account's failures
      // (not its address's: signing in to one's own account must not reset a spray from that address).
      const account = accountKey(request.body.email);
      const checks: Array<['LOGIN_ACCOUNT' | 'LOGIN_ADDRESS', string]> = [['LOGIN_ACCOUNT', account], ['LOGIN_ADDRESS', request.ip]];
      await limits.assertAllowed(checks);
      try {
        const result = await login(app.ctx, request.body.email, request.body.password, request.ip);
        await limits.get('LOGIN_ACCOUNT').clear(account);
        return { data: result };
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 401) await limits.count(checks);
        throw error;
      }
    },
  );

  app.get(
    '/auth/registration-mode',
    {
      schema: {
        tags: ['auth'],
        security: [],
        description: 'Whether self sign-up is open, needs approval or is closed: the registration page asks before the visitor types.',
        response: { 200: Data(SelfSignupSettingBody), ...errorResponses },
      },
      config: { auth: 'none' },
    },
    async () => ({ data: { mode: await signupMode(app.ctx.database.db) } }),
  );

  app.post(
    '/auth/logout',
    {
      schema: { tags: ['auth'], description: 'Ends the session of the token sent, at once and for good.', response: { 200: ResultBody, ...errorResponses } },
      config: { pendingAllowed: true },
    },
    async (request) => {
      const actor = actorOf(request);
      await app.ctx.database.db.transaction(async (tx) => {
        await endSession(tx, actor.sessionId, 'logout');
        await writeAudit(tx, auditCtx(request), { action: 'logout', resource: 'User', resourceId: actor.id });
      });
      return { data: { result: true } };
    },
  );

  app.post(
    '/auth/register',
    {
      schema: {
        tags: ['auth'],
        // The token is optional: without one this is self sign-up (OpenAPI's empty requirement).
        security: [{}, { bearerAuth: [] }],
        body: RegisterBody,
        response: { 200: LoginResponse, 201: Data(Type.Object({ data: UserSchema })), ...errorResponses },
      },
      config: { auth: 'optional' },
    },
    async (request, reply) => {
      if (!request.user) {
        const body = validateBody(request, SelfRegisterBody, request.body);
        await limits.consume([['REGISTER_ADDRESS', request.ip], ['REGISTER_ACCOUNT', accountKey(body.email)]]);
        return { data: await selfRegister(app.ctx, body, request.ip) };
      }
      requireCan(request.user, 'User', 'Create');
      const body = validateBody(request, StaffCreateBody, request.body);
      const user = await createUser(app.ctx, request.user, body, auditCtx(request));
      return reply.status(201).send({ data: { data: user } });
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags: ['auth'],
        security: [],
        body: Type.Object({ email: loginEmail }),
        response: { 200: Data(Type.Object({ result: Type.Boolean(), delivery: Type.String() })), ...errorResponses },
      },
      config: { auth: 'none' },
    },
    async (request) => {
      await limits.consume([['FORGOT_ADDRESS', request.ip], ['FORGOT_ACCOUNT', accountKey(request.body.email)]]);
      return { data: await forgotPassword(app.ctx, request.body.email, request.ip) };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        security: [],
        body: Type.Object({ token: Text(200, { minLength: 10, messages: { default: TEXT.resetTokenInvalid } }), password: accountPassword }),
        response: { 200: ResultBody, ...errorResponses },
      },
      config: { auth: 'none' },
    },
    async (request) => {
      await limits.consume([['RESET_ADDRESS', request.ip]]);
      const account = await resetTokenAccount(app.ctx, request.body.token);
      if (account !== undefined) await limits.consume([['RESET_ACCOUNT', `user:${account}`]]);
      await resetPassword(app.ctx, request.body.token, request.body.password, request.ip);
      return { data: { result: true } };
    },
  );
};

export default routes;
