import { ReportPage } from './report-page.tsx';

/** /team-report: an agent's team's figures over a range of days; a member who is no agent is told why not. */
export default function TeamReportPage() {
  return <ReportPage scope="team" />;
}
