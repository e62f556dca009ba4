/**
 * The signed-out pages (sign-in, registration, forgotten and new password, terms) with their forms,
 * downloaded on their own: a returning user's dashboard downloads neither them nor the form library
 * (Formik, yup). Without a stored session the entry starts their download at once, beside the start-up's
 * scripts (earlySignedInPart.ts), so that the sign-in page renders them without waiting.
 */
import { partLoader } from './partLoader';

export const authPages = partLoader(() => import('../features/auth/pages'));
export type AuthPageName = keyof Awaited<ReturnType<typeof authPages.load>>;
