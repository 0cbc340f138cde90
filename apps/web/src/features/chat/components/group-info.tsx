import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { useNavigate } from 'react-router-dom';
import type { GroupDetails } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { toastError } from '../../../lib/api-client';
import { pagePath } from '../../../lib/pages';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { showToast } from '../../../lib/toast';
import { useGroup, useInviteToGroup, useLeaveGroup, useRemoveFromGroup, useUpdateGroup } from '../api/groups';
import { FriendPicker } from './group-list';
import { GroupTextField } from './group-text-field';
import { GroupAvatar, PersonAvatar, peerName } from './list-state';
import { QueryState } from '../../../components/ui/query-state';
import './chat.css';

function EditGroupForm({ group }: { group: GroupDetails }) {
  const { t } = useTranslation();
  const [name, setName] = useState(group.name);
  const [announcement, setAnnouncement] = useState(group.announcement);
  const save = useUpdateGroup(group.id);
  const onSubmit = useGuardedSubmit(async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '' || announcement.trim() === '') {
      showToast(t(name.trim() === '' ? 'chat.groupNameRequired' : 'chat.groupAnnouncementRequired'));
      return;
    }
    try {
      await save.mutateAsync({ name: name.trim(), announcement: announcement.trim() });
      showToast(t('chat.groupSaved'));
    } catch (error) {
      toastError(error);
    }
  });
  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="group-edit-form">
      <GroupTextField kind="name" value={name} onChange={setName} testId="group-edit-name" />
      <GroupTextField kind="announcement" value={announcement} onChange={setAnnouncement} testId="group-edit-announcement" />
      <Button type="submit" variant="secondary" busy={save.isPending} data-testid="group-edit-save">
        {t('chat.save')}
      </Button>
    </form>
  );
}

function InviteForm({ group }: { group: GroupDetails }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number[]>([]);
  const invite = useInviteToGroup(group.id);
  const onSubmit = useGuardedSubmit(async (event: FormEvent) => {
    event.preventDefault();
    if (selected.length === 0) {
      showToast(t('chat.pickSomeone'));
      return;
    }
    try {
      await invite.mutateAsync(selected);
      setSelected([]);
      showToast(t('chat.invited'));
    } catch (error) {
      toastError(error);
    }
  });
  return (
    <form className="card form" onSubmit={onSubmit} data-testid="group-invite-form">
      <h2 className="card__title">{t('chat.inviteFriends')}</h2>
      <FriendPicker selected={selected} onChange={setSelected} exclude={group.members.map((m) => m.uid)} />
      <Button type="submit" variant="secondary" busy={invite.isPending} data-testid="group-invite-submit">
        {t('chat.invite')}
      </Button>
    </form>
  );
}

/** chat/groupInfoDetails: name, announcement, members; the owner edits, removes and disbands; a member exits; anyone invites. */
export function GroupInfo({ id, myUid }: { id: number; myUid: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const group = useGroup(id);
  const remove = useRemoveFromGroup(id);
  const leave = useLeaveGroup(id);
  const [confirm, setConfirm] = useState<'exit' | 'disband' | null>(null);
  const onRemove = useGuardedSubmit(async (uid: number) => {
    try {
      await remove.mutateAsync(uid);
      showToast(t('chat.memberRemoved'));
    } catch (error) {
      toastError(error);
    }
  });
  const onLeave = useGuardedSubmit(async () => {
    if (confirm === null) return;
    try {
      await leave.mutateAsync(confirm);
      showToast(t(confirm === 'exit' ? 'chat.groupLeft' : 'chat.groupDisbanded'));
      navigate(pagePath('chat/groupList'), { replace: true });
    } catch (error) {
      toastError(error);
    } finally {
      setConfirm(null);
    }
  });

  const data = group.data;
  const owner = data?.owner_uid === myUid;
  return (
    <QueryState query={group}>
      {data && (
        <>
          <section className="card" data-testid="group-info">
            <div className="chat-row">
              <GroupAvatar name={data.name} />
              <span className="chat-row__main">
                <span className="chat-row__title" data-testid="group-info-name">
                  {data.name}
                </span>
                <span className="chat-row__sub">{t('chat.memberCount', { count: data.member_count })}</span>
              </span>
            </div>
            <h2 className="card__title">{t('chat.announcement')}</h2>
            <p className="bubble" data-testid="group-info-announcement">
              {data.announcement}
            </p>
          </section>
          {owner && <EditGroupForm key={`${data.name}|${data.announcement}`} group={data} />}
          <section className="card">
            <h2 className="card__title">{t('chat.members')}</h2>
            <ul className="chat-list member-list" data-testid="group-members">
              {data.members.map((member) => (
                <li key={member.uid} data-testid="group-member" data-uid={member.uid}>
                  <span className="member-list__who">
                    <PersonAvatar person={member} size={32} />
                    <span data-testid="group-member-name">
                      {member.group_nickname || peerName(member)}
                      {member.role === 'owner' && <span className="chat-state"> {t('chat.owner')}</span>}
                    </span>
                  </span>
                  {owner && member.uid !== myUid && (
                    <Button variant="ghost" onClick={() => onRemove(member.uid)} data-testid="group-member-remove">
                      {t('chat.remove')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </section>
          <InviteForm group={data} />
          <Button variant="danger" block onClick={() => setConfirm(owner ? 'disband' : 'exit')} data-testid={owner ? 'group-disband' : 'group-exit'}>
            {t(owner ? 'chat.disband' : 'chat.exitGroup')}
          </Button>
          {confirm && (
            <Modal title={t(confirm === 'disband' ? 'chat.disband' : 'chat.exitGroup')} onClose={() => setConfirm(null)} testId="group-leave-confirm">
              <p>{t(confirm === 'disband' ? 'chat.disbandConfirm' : 'chat.exitConfirm', { name: data.name })}</p>
              <div className="chat-actions">
                <Button variant="ghost" onClick={() => setConfirm(null)}>
                  {t('common.cancel')}
                </Button>
                <Button variant="danger" busy={leave.isPending} onClick={onLeave} data-testid="group-leave-yes">
                  {t(confirm === 'disband' ? 'chat.disband' : 'chat.exitGroup')}
                </Button>
              </div>
            </Modal>
          )}
        </>
      )}
    </QueryState>
  );
}
