import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { postSignInTarget, sessionMay } from '@stream/core/domain';
import type { ProfilePickerOutput } from '@stream/core/machines';
import { useI18n, useServices } from '../app/context';
import { useDocumentTitle, useSession } from '../app/hooks';
import { SignedInOnly } from '../app/SignedInOnly';
import { ManageProfiles } from '../household/ManageProfiles';
import { WhoIsWatching } from '../household/WhoIsWatching';
import '../styles/household.css';

/**
 * PROFILES (`/profiles?from=`; issue 16; docs/architecture.md `src/household/`): "who's watching" (core's
 * `profilePicker` machine). Choosing a profile hands its tokens to the session
 * (`session.signedIn { tokens, profileSwitch }`: the sign-in's providers stay), then goes to
 * `from` (an in-app path, core's `postSignInTarget`) or home. After a sign-in the session sends the viewer here with `from`
 * (core's `throughProfilePicker`): an account of one profile goes straight on. "Manage profiles"
 * (add, rename, avatar, a child's limit, delete) only for a session that may
 * (`sessionMay(user, 'manageProfiles')`: never a child's). A guest is sent to sign in and comes back.
 */
export default function ProfilesPage() {
  const { t } = useI18n();
  useDocumentTitle(t('whoIsWatching'), t('appName'));
  return (
    <SignedInOnly loadingLabel={t('loading')}>
      <Profiles />
    </SignedInOnly>
  );
}

function Profiles() {
  const { routeLocale } = useI18n();
  const { session } = useServices();
  const { user } = useSession();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [managing, setManaging] = useState(false);
  // A new picker (reading the list again) after the profiles were managed.
  const [round, setRound] = useState(0);
  const canManage = sessionMay(user, 'manageProfiles');
  const afterSignIn = new URLSearchParams(search).has('from');

  const finish = (output: ProfilePickerOutput) => {
    if (output.kind === 'selected') session.send({ type: 'session.signedIn', tokens: output.tokens, profileSwitch: true });
    navigate(postSignInTarget(search, { locale: routeLocale }), { replace: true });
  };

  if (managing && canManage) {
    return (
      <ManageProfiles
        onDone={() => {
          setManaging(false);
          setRound((n) => n + 1);
        }}
      />
    );
  }
  return (
    <WhoIsWatching
      key={round}
      skipWhenAlone={afterSignIn}
      onFinished={finish}
      onManage={canManage ? () => setManaging(true) : undefined}
      focusHeading={round > 0}
    />
  );
}
