import { ReportPage } from './report-page.tsx';

/** /user-report: the user's own figures over a range of days. */
export default function UserReportPage() {
  return <ReportPage scope="user" />;
}
