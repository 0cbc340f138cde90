import { useState } from 'react';
import { communityApi } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useTranslation } from '../../../i18n';
import { toastError } from '../../../lib/api-client';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { showToast } from '../../../lib/toast';
import { useSetRemark } from '../api/set-remark';
import { LineField } from './line-field';

/** My private remark on a member, in a sheet: only I see it; saving it empty clears it. */
export function RemarkSheet({ member, onClose }: { member: communityApi.TeamMember; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSetRemark();
  const [remark, setRemark] = useState(member.remark ?? '');
  const [invalid, setInvalid] = useState(false);

  const submit = useGuardedSubmit(async () => {
    // The contract's own rule (trimmed, at most 50 characters, no control characters): the page and the server agree.
    if (!communityApi.remarkText.safeParse(remark).success) return setInvalid(true);
    setInvalid(false);
    try {
      await save.mutateAsync({ uid: member.uid, remark });
      showToast(t('team.remark.saved'));
      onClose();
    } catch (error) {
      toastError(error);
    }
  });

  return (
    <Modal title={t('team.remark.title', { name: member.nickname })} onClose={onClose} testId="remark-sheet">
      <form className="form" noValidate onSubmit={submit}>
        <LineField
          label={t('team.remark.label')}
          value={remark}
          onChange={setRemark}
          maxLength={communityApi.REMARK_MAX_LENGTH}
          placeholder={t('team.remark.placeholder', { max: communityApi.REMARK_MAX_LENGTH })}
          problem={invalid ? t('team.remark.invalid', { max: communityApi.REMARK_MAX_LENGTH }) : null}
          testId="remark"
        />
        <p className="muted team-note">{t('team.remark.private')}</p>
        <div className="team-actions">
          <Button type="button" variant="secondary" onClick={onClose} data-testid="remark-cancel">
            {t('common.cancel')}
          </Button>
          <Button type="submit" busy={save.isPending} data-testid="remark-save">
            {t('team.remark.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
