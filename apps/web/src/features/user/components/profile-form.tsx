import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../i18n';
import { NICKNAME_MAX_LENGTH, UPLOAD_MIME_TYPES, usersApi } from '@reef/contract';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { Avatar } from '../../../components/ui/user-badge';
import { toastError } from '../../../lib/api-client';
import { useGoBack } from '../../../lib/use-go-back';
import { useGuardedSubmit } from '../../../lib/submit-guard';
import { showToast } from '../../../lib/toast';
import { useUserInfo } from '../api/get-user-info';
import { uploadAvatar, useSetUserInfo, type SetUserInfoBody } from '../api/set-user-info';
import './user.css';

/** What the avatar will be on save: as it is, a newly picked file, or none. */
type AvatarChoice = { kind: 'keep' } | { kind: 'file'; file: File; preview: string } | { kind: 'remove' };

/**
 * pages/user/setInfo: nickname and avatar. The avatar is uploaded on save, then set with the nickname in one call.
 * `stayAfterSave` keeps the page open after a save, for a page with more to set (community/setInfo's contact line).
 */
export function ProfileForm({ stayAfterSave = false }: { stayAfterSave?: boolean }) {
  const { t } = useTranslation();
  const nicknameId = useId();
  const fileId = useId();
  const user = useUserInfo();
  const save = useSetUserInfo();
  const goBack = useGoBack();
  const [nickname, setNickname] = useState<string | null>(null);
  const [avatar, setAvatar] = useState<AvatarChoice>({ kind: 'keep' });

  // A picked file's preview is an object URL: released when replaced or when the page closes.
  useEffect(() => {
    if (avatar.kind !== 'file') return undefined;
    return () => URL.revokeObjectURL(avatar.preview);
  }, [avatar]);

  const info = user.data;
  const shownNickname = nickname ?? info?.nickname ?? '';
  const shownAvatar = avatar.kind === 'file' ? avatar.preview : avatar.kind === 'remove' ? null : (info?.avatar ?? null);

  const submit = useGuardedSubmit(async () => {
    if (!info) return;
    const body: SetUserInfoBody = {};
    if (shownNickname.trim() !== info.nickname) {
      // The contract's own rule (trimmed, 1–20 characters, no control characters), so the page and the server agree.
      if (!usersApi.nickname.safeParse(shownNickname).success) return showToast(t('profile.nicknameInvalid', { max: NICKNAME_MAX_LENGTH }));
      body.nickname = shownNickname;
    }
    try {
      if (avatar.kind === 'file') body.avatar = await uploadAvatar(avatar.file);
      if (avatar.kind === 'remove' && info.avatar !== null) body.avatar = null;
      if (body.nickname === undefined && body.avatar === undefined) return stayAfterSave ? undefined : goBack();
      await save.mutateAsync(body);
      showToast(t('profile.saved'));
      if (stayAfterSave) {
        setNickname(null);
        setAvatar({ kind: 'keep' });
      } else goBack();
    } catch (error) {
      toastError(error);
    }
  });

  return (
    <QueryState query={user}>
      <section className="card">
        <form className="form" noValidate onSubmit={submit}>
          <div className="profile-form__avatar">
            {avatar.kind === 'file' ? (
              <img
                className="avatar"
                src={avatar.preview}
                alt=""
                width={72}
                height={72}
                style={{ width: 72, height: 72 }}
                data-testid="profile-avatar-preview"
              />
            ) : (
              <Avatar src={shownAvatar} uid={info?.uid} size={72} />
            )}
            <div className="profile-form__avatar-actions">
              <label className="chip-button" htmlFor={fileId}>
                {t('profile.chooseAvatar')}
              </label>
              <input
                id={fileId}
                className="profile-form__file"
                type="file"
                accept={UPLOAD_MIME_TYPES.join(',')}
                data-testid="profile-avatar-input"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) setAvatar({ kind: 'file', file, preview: URL.createObjectURL(file) });
                }}
              />
              {shownAvatar !== null && (
                <button type="button" className="chip-button" onClick={() => setAvatar({ kind: 'remove' })} data-testid="profile-avatar-remove">
                  {t('profile.removeAvatar')}
                </button>
              )}
            </div>
          </div>
          <Field label={t('profile.nickname')} htmlFor={nicknameId}>
            <input
              id={nicknameId}
              className="field__input"
              value={shownNickname}
              onChange={(event) => setNickname(event.target.value)}
              placeholder={t('profile.nicknamePlaceholder', { max: NICKNAME_MAX_LENGTH })}
              maxLength={NICKNAME_MAX_LENGTH}
              autoComplete="nickname"
              data-testid="profile-nickname-input"
            />
          </Field>
          <Button type="submit" block busy={save.isPending} data-testid="profile-save">
            {t('profile.save')}
          </Button>
        </form>
      </section>
    </QueryState>
  );
}
