/** CheckoutPage: placeholder, being written (issue 4). */
export default function CheckoutPage() {
  return null;
}
