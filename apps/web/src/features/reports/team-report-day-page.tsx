import { useSession } from '../../stores/session-store.ts';
import { NotAgentNotice } from './report-figures.tsx';
import { ReportDaysPage } from './report-days-page.tsx';

/** /team-report-day: an agent's team's figures day by day; a user who is no agent is told why not. */
export default function TeamReportDayPage() {
  const isAgent = useSession((s) => Boolean(s.user?.isAgent));
  return isAgent ? <ReportDaysPage scope="team" /> : <NotAgentNotice />;
}
