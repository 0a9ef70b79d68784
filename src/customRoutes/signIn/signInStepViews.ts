/** The views after the password step, in a chunk of their own: the sign-in form does not need them to be usable. */
export { ForceChangePasswordView } from './ForceChangePasswordView';
export { ResetPasswordView } from './ResetPasswordView';
export { TotpCodeView } from './TotpCodeView';
export { TotpSetupView } from './TotpSetupView';
