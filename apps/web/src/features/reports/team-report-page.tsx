import { useSession } from '../../stores/session-store.ts';
import { NotAgentNotice } from './report-figures.tsx';
import { ReportPage } from './report-page.tsx';

/**
 * /team-report: an agent's team's figures over a range of days. A user who is no agent is told why
 * not, without asking the server for a team they do not have.
 */
export default function TeamReportPage() {
  const isAgent = useSession((s) => Boolean(s.user?.isAgent));
  return isAgent ? <ReportPage scope="team" /> : <NotAgentNotice />;
}
