declare namespace NodeJS {
  interface ProcessEnv {
    PUBLIC_API_URL?: string;
  }
}
