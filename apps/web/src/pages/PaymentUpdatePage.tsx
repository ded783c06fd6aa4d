/** PaymentUpdatePage: placeholder, being written (issue 4). */
export default function PaymentUpdatePage() {
  return null;
}
