import { Callout, Flex } from '@radix-ui/themes';
import { useDocumentTitle } from '../../app/useDocumentTitle.js';
import { InfoIcon } from '../../components/icons.js';
import { PageHeader } from '../../components/PageHeader.js';
import { useAuth } from '../../lib/session/useAuth.js';
import { ApiKeysCard } from './ApiKeysCard.js';
import { ChangeEmailSection } from './ChangeEmailSection.js';
import { ChangePasswordSection } from './ChangePasswordSection.js';
import { IntegrationSettingsForm } from './IntegrationSettingsForm.js';

/** Account settings (/settings, spec part 2 §2 "Account settings"). */
export function SettingsPage() {
  useDocumentTitle('Settings');
  const { impersonation } = useAuth();
  return (
    <Flex direction="column" gap="4">
      <PageHeader title="Settings" intro="Manage your integration credentials and your account." />
      {impersonation ? (
        <Callout.Root color="blue" role="status">
          <Callout.Icon>
            <InfoIcon />
          </Callout.Icon>
          <Callout.Text>
            You are viewing the settings of {impersonation.impersonatedUser.username}. Changes will be saved to their
            account.
          </Callout.Text>
        </Callout.Root>
      ) : null}
      <IntegrationSettingsForm />
      <ApiKeysCard />
      {/* Password and email belong to the person signed in; the server refuses them while impersonating. */}
      {impersonation ? null : (
        <>
          <ChangePasswordSection />
          <ChangeEmailSection />
        </>
      )}
    </Flex>
  );
}
