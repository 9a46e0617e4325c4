import type { OperatorInfo } from '@vela/contract';

/** An action on an operator account, each asked for with a reason that goes into the audit log. */
export type OperatorActionKind = 'disable' | 'enable' | 'reset';

export interface PendingAction {
  kind: OperatorActionKind;
  operator: OperatorInfo;
}

/** The texts of the reason dialog for an action. */
export function actionTexts({ kind, operator }: PendingAction) {
  const name = operator.username;
  return {
    disable: {
      title: `Disable ${name}`,
      description: 'They are signed out everywhere and cannot sign in until enabled again.',
      okText: 'Disable',
    },
    enable: {
      title: `Enable ${name}`,
      description: 'They can sign in again with their password and authenticator.',
      okText: 'Enable',
    },
    reset: {
      title: `Reset the authenticator of ${name}`,
      description:
        'Their current authenticator stops working and they are signed out; the new secret is shown once.',
      okText: 'Reset',
    },
  }[kind];
}

/** The message after disabling or enabling: "finance01 is disabled". */
export function toggledText({ kind, operator }: PendingAction): string {
  return `${operator.username} is ${kind === 'disable' ? 'disabled' : 'enabled'}`;
}

/** The enrolment to show from an answer that carries a new authenticator secret. */
export function enrolmentOf(data: {
  operator: { username: string };
  totpSecret: string;
  otpauthUri: string;
}) {
  return { username: data.operator.username, totpSecret: data.totpSecret, otpauthUri: data.otpauthUri };
}
