import { useRouteParams } from '../info/Loaded';
import { EmailConfirmation } from '../components/EmailConfirmation';

/**
 * ACTIVATE_USER (`/activate/:id`, identity-and-routes.md §2 route table; issue 18): account
 * activation from an emailed link whose path carries the token (`id`). The same single-use
 * confirmation as EMAIL_CONFIRMATION (`POST /api/v2/user/email-confirmation { token }`, docs/api.md
 * "Email flows"): on success the welcome text and "Login now" with the email filled in; a used,
 * expired or unknown token shows the invalid-link message (the platform answers 404: a second
 * visit of the same link fails). The token stays in the path (the route's form), but it is spent
 * as the page opens, and the web server's `Referrer-Policy: strict-origin-when-cross-origin`
 * never sends a path to another site.
 */
export default function ActivateUserPage() {
  const { id } = useRouteParams();
  const token = id?.trim() ?? '';
  return <EmailConfirmation key={token} token={token === '' ? null : token} />;
}
