/**
 * The UI kit's forms: the Formik form with its fields, buttons and states, the yup schemas of an account,
 * the change-password dialog. An entry point of its own (`@trungtam/shared/ui/forms`), so that a page
 * without a form downloads neither Formik nor yup. The rest of the kit it takes from
 * `@trungtam/shared/ui/core`, the one instance of the toaster and of the deferred components.
 */
export { SubmitForm, SubmitButton, FormField, FileField, XLSX_ACCEPT, SelectField, DateField, CheckboxField, CheckboxGroupField, FormAlert, useFormState } from './form';
export { wait, showApiFieldErrors } from '../forms/submit';
export type { FormPhase, FormState, SubmitFormProps, SubmitButtonProps, FormFieldProps, FileFieldProps, SelectFieldProps, SelectOption, CheckboxGroupFieldProps } from './form';
export { ChangePasswordModal, CHANGE_PASSWORD_TEXTS } from './ChangePasswordModal';
export type { ChangePasswordModalProps } from './ChangePasswordModal';
export { accountCreateSchema, accountEditSchema, accountSchema, accountPasswordField, changePasswordSchema, type StoredPhones } from '../forms/accountSchemas';
