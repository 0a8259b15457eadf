import { Box, Callout, Flex, Heading, Text } from '@radix-ui/themes';
import { InfoIcon } from '../../components/icons.js';
import { useAuth } from '../auth/useAuth.js';
import { ChangeEmailSection } from './ChangeEmailSection.js';
import { ChangePasswordSection } from './ChangePasswordSection.js';
import { IntegrationSettingsForm } from './IntegrationSettingsForm.js';

/** Account settings (/settings, spec part 2 §2 "Account settings"). */
export function SettingsPage() {
  const { impersonation } = useAuth();
  return (
    <Flex direction="column" gap="4" maxWidth="760px">
      <Box>
        <Heading as="h1" size="7">
          Settings
        </Heading>
        <Text as="p" color="gray" mt="1">
          Manage your integration credentials and your account.
        </Text>
      </Box>
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
