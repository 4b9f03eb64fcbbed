// PLACEHOLDER (lead): the exports UI helper builds it.
/** Account → Your data: export my data (decision 0028). */
export default function MyDataPage() {
  return null;
}
