import { QueryState } from '../../../components/ui/query-state';
import { imageAddress } from '../../../lib/image-address';
import { useShareContent } from '../api/get-share';
import { inviteLink } from '../model/invite-link';
import { InviteLinkActions } from './invite-link-actions';
import './community-invite.css';

/** community/share: what a shared invitation shows (the operator's title, image and synopsis) and the share actions. */
export function ShareContentPanel({ uid }: { uid: number }) {
  const query = useShareContent();
  const share = query.data;
  const link = inviteLink(window.location, uid);
  return (
    <QueryState query={query}>
      {share && (
        <section className="card invite share-content" aria-labelledby="share-title" data-testid="share-content">
          {imageAddress(share.img) ? (
            <img className="share-content__img" src={imageAddress(share.img)!} alt="" data-testid="share-img" />
          ) : (
            <div className="share-content__img share-content__img--sea" aria-hidden="true" />
          )}
          <h2 id="share-title" className="invite__title" data-testid="share-title">
            {share.title}
          </h2>
          <p className="share-content__synopsis" data-testid="share-synopsis">
            {share.synopsis}
          </p>
          <InviteLinkActions link={link} title={share.title} text={share.synopsis} />
        </section>
      )}
    </QueryState>
  );
}
