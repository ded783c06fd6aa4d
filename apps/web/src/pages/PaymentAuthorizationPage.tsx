/** PaymentAuthorizationPage: placeholder, being written (issue 4). */
export default function PaymentAuthorizationPage() {
  return null;
}
