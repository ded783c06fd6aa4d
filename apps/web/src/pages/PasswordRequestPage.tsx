/**
 * LOGIN_REQUEST_PASSWORD (`/login/request-password`) and REQUEST_PASSWORD (`/requestnewpwd`):
 * the same page as the reset routes (identity-and-routes.md §2 "Password request and reset
 * pages": the request page is an email form, and "when a token query parameter is present the
 * page shows a new-password form instead"). See {@link PasswordResetPage}.
 */
import PasswordResetPage from './PasswordResetPage';

export default PasswordResetPage;
