import { ReportDaysPage } from './report-days-page.tsx';

/** /team-report-day: an agent's team's figures day by day. */
export default function TeamReportDayPage() {
  return <ReportDaysPage scope="team" />;
}
