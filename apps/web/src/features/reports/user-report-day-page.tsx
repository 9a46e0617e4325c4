import { ReportDaysPage } from './report-days-page.tsx';

/** /user-report-day: the user's own figures day by day. */
export default function UserReportDayPage() {
  return <ReportDaysPage scope="user" />;
}
