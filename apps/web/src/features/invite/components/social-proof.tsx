import { useTranslation } from 'react-i18next';
import socialProofImage from '../assets/social-proof.svg';
import invite from './invite.module.css';

/**
 * The welcome's social-proof image (experiment `social-proof`): beside the content on
 * wide screens only (hidden below 900px by CSS; lazy, so a narrow screen does not fetch it). The
 * picture says something (families sharing one calendar, well rated), so it has a text
 * alternative rather than an empty alt.
 */
export function SocialProof() {
  const { t } = useTranslation();
  return (
    <figure className={invite.socialProof}>
      <img
        src={socialProofImage}
        alt={t('inviteWelcome.socialProofAlt')}
        width={480}
        height={560}
        loading="lazy"
        decoding="async"
      />
    </figure>
  );
}
