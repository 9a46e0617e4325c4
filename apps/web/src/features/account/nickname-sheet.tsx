import { useId, useState } from 'react';
import { Input } from 'antd-mobile';
import { isValidNickname } from '@vela/domain';
import { ConfirmButtons } from '../../components/confirm-buttons.tsx';
import { FormField } from '../../components/form-field.tsx';
import { Popup } from '../../components/popup.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../lib/feedback.tsx';
import { useT } from '../../lib/i18n.ts';
import { serverFieldError } from '../../lib/server-errors.ts';
import { useSession } from '../../stores/session-store.ts';
import { useEditNickname } from './account-api.ts';

/**
 * The nickname's one change (docs/product.md, "Accounts"): the sheet says before anything is sent
 * that it can be done once, checks the nickname as the server does, and puts the server's refusal
 * under the field.
 */
export function NicknameSheet({ open, onClose }: { open: boolean; onClose(): void }) {
  const t = useT();
  const titleId = useId();
  const current = useSession((s) => s.user?.nickname ?? '');
  const [nickname, setNickname] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const edit = useEditNickname({
    onSuccess: (user) => {
      useSession.getState().setUser(user);
      toastSuccess(t('nickname.saved'));
      onClose();
    },
    onError: (failure) => {
      const field = serverFieldError(failure, { nickname: 'nickname' as const });
      if (field) setError(field.message);
      else toastError(errorMessage(failure));
    },
  });
  const confirm = () => {
    if (edit.isPending) return;
    if (!isValidNickname(nickname.trim())) {
      setError(t('validation.nickname'));
      return;
    }
    setError(null);
    edit.mutate(nickname);
  };
  return (
    <Popup open={open} onClose={onClose} labelledBy={titleId} testId="nickname-sheet">
      <div className="sheet">
        <div className="sheet__title" id={titleId}>
          {t('nickname.title')}
        </div>
        <p className="account-hint" data-testid="nickname-once">
          {t('nickname.once')}
        </p>
        <FormField name="nickname" label={t('settings.nickname')} error={error}>
          <Input
            name="nickname"
            value={nickname}
            onChange={(text) => {
              setNickname(text);
              setError(null);
            }}
            placeholder={t('nickname.placeholder')}
            maxLength={16}
            autoComplete="nickname"
          />
        </FormField>
        <ConfirmButtons tone="up" testId="nickname" onCancel={onClose} onConfirm={confirm} />
      </div>
    </Popup>
  );
}
