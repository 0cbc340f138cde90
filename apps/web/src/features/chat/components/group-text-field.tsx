import { useTranslation } from '../../../i18n';
import { chatApi } from '@reef/contract';
import { Field } from '../../../components/ui/field';

/** Label and server-side length limit of each group text, so creating and editing a group cannot drift apart. */
const groupTexts = {
  name: { label: 'chat.groupName', maxLength: chatApi.GROUP_NAME_MAX, multiline: false },
  nickname: { label: 'chat.groupNickname', maxLength: chatApi.GROUP_NICKNAME_MAX, multiline: false },
  announcement: { label: 'chat.announcement', maxLength: chatApi.GROUP_ANNOUNCEMENT_MAX, multiline: true },
} as const;

/** A group's name, nickname or announcement input, the same control whether the group is being created or edited. */
export function GroupTextField({
  kind,
  value,
  onChange,
  testId,
  required = false,
}: {
  kind: keyof typeof groupTexts;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const { label, maxLength, multiline } = groupTexts[kind];
  const common = { value, maxLength, required, 'data-testid': testId };
  return (
    <Field label={t(label)}>
      {multiline ? (
        <textarea className="field__input composer__input" rows={3} {...common} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input className="field__input" {...common} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}
