/** Ports of the suite under browser test: apart from `npm start`'s, so both can run at once. */
export const E2E_ENV = {
  PORT: '4300',
  USERS_PORT: '4301',
  API_PORT: '4310',
};
