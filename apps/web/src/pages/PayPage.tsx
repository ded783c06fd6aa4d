/** PayPage: placeholder, being written (issue 4). */
export default function PayPage() {
  return null;
}
