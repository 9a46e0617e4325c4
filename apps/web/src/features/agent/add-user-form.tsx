import { useId, useState } from 'react';
import { Input } from 'antd-mobile';
import type { UserType } from '@vela/contract';
import { sanitizeAmountTyping } from '@vela/domain';
import { FormField } from '../../components/form-field.tsx';
import { SubmitButton, TextField } from '../../components/form-inputs.tsx';
import { OptionSheet } from '../../components/payment-method-picker.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useT } from '../../lib/i18n.ts';
import type { FormApi } from '../../lib/use-form.ts';
import { AddUserConfirm } from './add-user-confirm.tsx';
import { capRateOf, type AddUserCaps, type AddUserValues, type RateField } from './add-user-logic.ts';
import type { AddedUser } from './agent-api.ts';
import { PERCENT_DECIMALS, rateToPercent } from './rebate-percent.ts';
import { useAddUserForm } from './use-add-user-form.ts';
import './agent.css';

const USER_TYPE_LABEL = {
  1: 'dict.UserTypeEnum.1',
  2: 'dict.UserTypeEnum.2',
} as const satisfies Record<UserType, string>;

/** The user type, chosen in a sheet among the types the agent may create. */
function UserTypeField({
  form,
  userTypes,
}: {
  form: FormApi<AddUserValues>;
  userTypes: readonly UserType[];
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const chosen = userTypes.find((type) => String(type) === form.values.userType);
  return (
    <>
      <SelectField
        name="userType"
        label={t('agent.userType')}
        placeholder={t('agent.chooseUserType')}
        display={chosen === undefined ? null : t(USER_TYPE_LABEL[chosen])}
        error={form.errors.userType}
        onOpen={() => setOpen(true)}
      />
      <OptionSheet
        open={open}
        title={t('agent.chooseUserType')}
        options={userTypes.map((type) => ({ value: type, label: t(USER_TYPE_LABEL[type]) }))}
        selected={chosen ?? null}
        onSelect={(type) => {
          form.set('userType')(String(type));
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
        testId="user-type-picker"
      />
    </>
  );
}

/**
 * A rebate typed in percent, with the agent's own rate as its cap under it. Typing keeps to digits
 * and at most PERCENT_DECIMALS decimals, the precision a rate is stored with.
 */
function RateInput(props: { form: FormApi<AddUserValues>; name: RateField; label: string; capRate: string }) {
  const t = useT();
  const hintId = useId();
  const { form, name } = props;
  const max = rateToPercent(props.capRate);
  return (
    <div className="agent-rate">
      <FormField
        name={name}
        label={props.label}
        error={form.errors[name]}
        extra={<span className="agent-rate__unit">%</span>}
      >
        <Input
          name={name}
          value={form.values[name]}
          onChange={(text) => form.set(name)(sanitizeAmountTyping(form.values[name], text, PERCENT_DECIMALS))}
          placeholder={t('agent.ratePlaceholder', { max })}
          inputMode="decimal"
          autoComplete="off"
          aria-describedby={hintId}
        />
      </FormField>
      <p className="agent-rate__hint" id={hintId} data-testid={`cap-${name}`}>
        {t('agent.rateCap', { max: `\u2066${max}\u2069` })}
      </p>
    </div>
  );
}

/**
 * The form that adds a user: type, username and the two rebates, each at most the agent's own. It
 * asks for a confirmation that sets each rebate beside the agent's before anything is sent.
 */
export function AddUserForm({ caps, onAdded }: { caps: AddUserCaps; onAdded(user: AddedUser): void }) {
  const t = useT();
  const { form, confirming, busy, review, closeConfirm, send } = useAddUserForm(caps, onAdded);
  return (
    <form className="form-page agent-form" onSubmit={review} noValidate data-testid="add-user-form">
      <p className="form-hint">{t('agent.formHint')}</p>
      <UserTypeField form={form} userTypes={caps.userTypes} />
      <TextField
        form={form}
        name="username"
        label={t('field.username')}
        placeholder={t('placeholder.username')}
        autoComplete="off"
        maxLength={10}
      />
      <RateInput
        form={form}
        name="timingPercent"
        label={t('agent.timingRate')}
        capRate={capRateOf('timingPercent', caps)}
      />
      <RateInput
        form={form}
        name="contractPercent"
        label={t('agent.contractRate')}
        capRate={capRateOf('contractPercent', caps)}
      />
      <SubmitButton loading={busy} testId="add-user-submit">
        {t('agent.submit')}
      </SubmitButton>
      <AddUserConfirm
        open={confirming}
        values={form.values}
        caps={caps}
        busy={busy}
        onConfirm={send}
        onCancel={closeConfirm}
      />
    </form>
  );
}
