import { EmailConfirmation } from '../components/EmailConfirmation';
import { useOneTimeToken } from '../components/EmailFlow';

/**
 * EMAIL_CONFIRMATION (`/email-confirmation?token=…`, identity-and-routes.md §2 "Email
 * confirmation page", §8): confirms the emailed token with the email confirmation machine. On
 * success: the welcome text, a positive confirmation, the accepted message and "Login now",
 * which opens LOGIN with the confirmed email filled in (passed in the history state, not the
 * URL). A 404 shows the invalid-token message; any other failure, or no token, shows something
 * went wrong. The token is removed from the address bar at once.
 */
export default function EmailConfirmationPage() {
  const { token } = useOneTimeToken();
  return <EmailConfirmation token={token} />;
}
