import { useState } from 'react';
import { EmptyState } from '../../components/empty-state.tsx';
import { PageSkeleton } from '../../components/skeleton.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../stores/session-store.ts';
import { AddUserForm } from './add-user-form.tsx';
import type { AddUserCaps } from './add-user-logic.ts';
import { AddedUserCard } from './add-user-result.tsx';
import { useAddUserOptions, useFreshUser, type AddedUser } from './agent-api.ts';
import { AgentOnlyNotice } from './agent-parts.tsx';
import './agent.css';

/**
 * The form, then the user it added. "Add another" starts a fresh form (a new `round` remounts it)
 * and forgets the user just added, with their initial password.
 */
function AddUserFlow({ caps }: { caps: AddUserCaps }) {
  const [added, setAdded] = useState<AddedUser | null>(null);
  const [round, setRound] = useState(0);
  if (added) {
    return (
      <AddedUserCard
        user={added}
        onAddAnother={() => {
          setAdded(null);
          setRound((r) => r + 1);
        }}
      />
    );
  }
  return <AddUserForm key={round} caps={caps} onAdded={setAdded} />;
}

/**
 * /add-user, for agents: adds a user directly below them with a type, a username and two rebates no
 * higher than the agent's own. The caps and the types allowed come from the server on every visit,
 * and so does the user. Anyone else is told the page is for agents, by the user or, should that be
 * out of date, by the server's NOT_AGENT.
 */
export default function AddUserPage() {
  const t = useT();
  useFreshUser();
  const isAgent = useSession((s) => Boolean(s.user?.isAgent));
  const options = useAddUserOptions(isAgent);
  const refusedAsNotAgent = options.error instanceof ApiError && options.error.code === 'NOT_AGENT';
  let body;
  if (!isAgent || refusedAsNotAgent) {
    body = <AgentOnlyNotice message={t('agent.notAgent')} testId="add-user-not-agent" />;
  } else if (options.isPending) {
    body = <PageSkeleton rows={4} card={false} />;
  } else if (options.isError) {
    body = (
      <EmptyState
        kind="loadFailed"
        message={errorMessage(options.error)}
        onRetry={() => void options.refetch()}
      />
    );
  } else {
    body = <AddUserFlow caps={options.data} />;
  }
  return (
    <div className="agent-page" data-testid="add-user-page">
      {body}
    </div>
  );
}
