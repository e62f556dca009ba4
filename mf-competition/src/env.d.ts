declare namespace NodeJS {
  interface ProcessEnv {
    PUBLIC_API_URL?: string;
    PUBLIC_OPERATOR_TIME_ZONE?: string;
  }
}
