import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { toastError } from '../../../lib/api-client';
import { pagePath } from '../../../lib/pages';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { showToast } from '../../../lib/toast';
import { useFriends } from '../api/friends';
import { useCreateGroup, useGroups } from '../api/groups';
import { GroupTextField } from './group-text-field';
import { GroupAvatar, ChatListCard, ChatRowText, peerName } from './list-state';
import './chat.css';

/** Friends to tick, for a new group or an invitation. `exclude` are already members. */
export function FriendPicker({ selected, onChange, exclude = [] }: { selected: number[]; onChange: (uids: number[]) => void; exclude?: number[] }) {
  const { t } = useTranslation();
  const friends = useFriends();
  const list = (friends.data?.list ?? []).filter((f) => !exclude.includes(f.uid));
  return (
    <fieldset className="field pick-list" data-testid="friend-picker">
      <legend className="field__label">{t('chat.pickFriends')}</legend>
      {friends.isPending ? (
        <p className="muted">{t('common.loading')}</p>
      ) : list.length === 0 ? (
        <p className="muted">{t('chat.noFriendsToPick')}</p>
      ) : (
        list.map((friend) => (
          <label key={friend.uid}>
            <input
              type="checkbox"
              checked={selected.includes(friend.uid)}
              onChange={(event) => onChange(event.target.checked ? [...selected, friend.uid] : selected.filter((uid) => uid !== friend.uid))}
              data-testid="friend-pick"
              data-uid={friend.uid}
            />
            <span>{friend.remark || peerName(friend)}</span>
          </label>
        ))
      )}
    </fieldset>
  );
}

/** Spec §5: group name, nickname and announcement are all required. */
function CreateGroupForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [nickname, setNickname] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const [members, setMembers] = useState<number[]>([]);
  const create = useCreateGroup();
  // Only the network call is guarded: a missing field answers every tap at once, however quick.
  const submitCreate = useGuardedSubmit(async () => {
    try {
      const group = await create.mutateAsync({ name: name.trim(), nickname: nickname.trim(), announcement: announcement.trim(), member_uids: members });
      showToast(t('chat.groupCreated'));
      onDone();
      navigate(`${pagePath('chat/chatGroup')}?id=${group.id}`);
    } catch (error) {
      toastError(error);
    }
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing = [
      [name, 'chat.groupNameRequired'],
      [nickname, 'chat.groupNicknameRequired'],
      [announcement, 'chat.groupAnnouncementRequired'],
    ].find(([value]) => value!.trim() === '');
    if (missing) {
      showToast(t(missing[1] as 'chat.groupNameRequired'));
      return;
    }
    submitCreate();
  };
  return (
    <form className="card form" onSubmit={onSubmit} noValidate data-testid="create-group-form">
      <h2 className="card__title">{t('chat.createGroup')}</h2>
      <GroupTextField kind="name" value={name} onChange={setName} required testId="group-name" />
      <GroupTextField kind="nickname" value={nickname} onChange={setNickname} required testId="group-nickname" />
      <GroupTextField kind="announcement" value={announcement} onChange={setAnnouncement} required testId="group-announcement" />
      <FriendPicker selected={members} onChange={setMembers} />
      <Button type="submit" variant="primary" block busy={create.isPending} data-testid="group-create-submit">
        {t('chat.createGroup')}
      </Button>
    </form>
  );
}

/** chat/groupList: the user's groups, and creating one. */
export function GroupList() {
  const { t } = useTranslation();
  const groups = useGroups();
  const [creating, setCreating] = useState(false);
  const list = groups.data?.list ?? [];
  return (
    <>
      {creating ? (
        <CreateGroupForm onDone={() => setCreating(false)} />
      ) : (
        <Button variant="primary" block onClick={() => setCreating(true)} data-testid="group-create-open">
          {t('chat.createGroup')}
        </Button>
      )}
      <ChatListCard query={groups} empty={list.length === 0} emptyText={t('chat.noGroups')} emptyTestId="groups-empty" testId="group-list">
        {list.map((group) => (
          <li key={group.id}>
            <Link className="chat-row" to={`${pagePath('chat/chatGroup')}?id=${group.id}`} data-testid="group-row" data-group={group.id}>
              <GroupAvatar name={group.name} />
              <ChatRowText title={group.name}>
                <span className="chat-row__preview">{group.announcement}</span>
                <span>{t('chat.memberCount', { count: group.member_count })}</span>
              </ChatRowText>
            </Link>
          </li>
        ))}
      </ChatListCard>
    </>
  );
}
