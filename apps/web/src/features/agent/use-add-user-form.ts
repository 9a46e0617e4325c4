import { useState, type FormEvent } from 'react';
import { useForm } from '../../lib/use-form.ts';
import { useT } from '../../lib/i18n.ts';
import { useAddUser, type AddedUser } from './agent-api.ts';
import {
  emptyAddUserValues,
  ratesAboveCap,
  validateAddUser,
  type AddUserCaps,
  type AddUserValues,
} from './add-user-logic.ts';

/** Wire fields of /user/add mapped to this form's inputs, for the server's field errors. */
const SERVER_FIELDS: Partial<Record<string, keyof AddUserValues>> = {
  userType: 'userType',
  username: 'username',
  pointPercentTiming: 'timingPercent',
  pointPercentContract: 'contractPercent',
};

/**
 * The add-user form's state: the values and their errors (the form's rules, the cap, the server's
 * refusals), and the confirmation. `review` checks everything the server would and opens the
 * confirmation; `send` adds the user, and `onAdded` receives the answer with the initial password.
 */
export function useAddUserForm(caps: AddUserCaps, onAdded: (user: AddedUser) => void) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<AddUserValues>({
    initial: emptyAddUserValues(caps.userTypes),
    validate: validateAddUser,
    serverFields: SERVER_FIELDS,
    labels: {
      userType: 'agent.userType',
      username: 'field.username',
      timingPercent: 'agent.timingRate',
      contractPercent: 'agent.contractRate',
    },
  });
  const add = useAddUser({
    onSuccess: (user) => {
      setConfirming(false);
      onAdded(user);
    },
    onError: (error) => {
      // A refused field is on the page behind the confirmation: close it so the message is seen.
      setConfirming(false);
      form.showError(error);
    },
  });

  // The cap is checked with the form's own rules, so every mistake shows at once, in the server's words.
  const review = (event: FormEvent) => {
    let valid = false;
    form.submit(() => {
      valid = true;
    })(event);
    const aboveCap = ratesAboveCap(form.values, caps);
    for (const { field, max } of aboveCap) form.setFieldError(field, t('error.REBATE_ABOVE_OWN', { max }));
    if (valid && aboveCap.length === 0) setConfirming(true);
  };

  return {
    form,
    confirming,
    busy: add.isPending,
    review,
    closeConfirm: () => setConfirming(false),
    send: () => {
      if (!add.isPending) add.mutate(form.values);
    },
  };
}
