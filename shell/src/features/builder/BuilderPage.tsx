/**
 * /builder: the layout settings (colour mode, side menu collapsed, fixed header, content width), applied
 * at once and kept in local storage under one key (see shared `useLayoutSettings`); a reset to defaults.
 */
import type { ReactNode } from 'react';
import {
  Button,
  Card,
  Heading,
  HStack,
  RadioGroup,
  Stack,
  Switch,
  Text,
  useLayoutSettings,
  type ColorMode,
  type ContentWidth,
} from '@trungtam/shared/ui/base';
import { useTranslation } from '@trungtam/shared/i18n';

function Setting({ label, children }: { label: string; children: ReactNode }) {
  return (
    <HStack justify="space-between" gap="6" py="3" borderBottomWidth="1px" flexWrap="wrap">
      <Text fontWeight="semibold">{label}</Text>
      {children}
    </HStack>
  );
}

function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(e) => {
        if (e.value) onChange(e.value as T);
      }}
      aria-label={label}
      colorPalette="blue"
    >
      <HStack gap="5">
        {options.map((option) => (
          <RadioGroup.Item key={option.value} value={option.value}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </HStack>
    </RadioGroup.Root>
  );
}

function Toggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Switch.Root checked={checked} onCheckedChange={(e) => onChange(e.checked)} colorPalette="blue">
      <Switch.HiddenInput aria-label={label} />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
    </Switch.Root>
  );
}

export function BuilderPage() {
  const { t } = useTranslation();
  const settings = useLayoutSettings();
  return (
    <Card.Root maxW="3xl">
      <Card.Header>
        <Heading as="h1" size="lg">
          {t('builder.title')}
        </Heading>
        <Text color="fg.muted">{t('builder.hint')}</Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="0">
          <Setting label={t('builder.colorMode')}>
            <Choice<ColorMode>
              label={t('builder.colorMode')}
              value={settings.colorMode}
              options={[
                { value: 'light', label: t('builder.light') },
                { value: 'dark', label: t('builder.dark') },
              ]}
              onChange={(colorMode) => settings.update({ colorMode })}
            />
          </Setting>
          <Setting label={t('builder.sidebarCollapsed')}>
            <Toggle
              label={t('builder.sidebarCollapsed')}
              checked={settings.sidebarCollapsed}
              onChange={(sidebarCollapsed) => settings.update({ sidebarCollapsed })}
            />
          </Setting>
          <Setting label={t('builder.fixedHeader')}>
            <Toggle
              label={t('builder.fixedHeader')}
              checked={settings.fixedHeader}
              onChange={(fixedHeader) => settings.update({ fixedHeader })}
            />
          </Setting>
          <Setting label={t('builder.contentWidth')}>
            <Choice<ContentWidth>
              label={t('builder.contentWidth')}
              value={settings.contentWidth}
              options={[
                { value: 'fluid', label: t('builder.fluid') },
                { value: 'fixed', label: t('builder.fixed') },
              ]}
              onChange={(contentWidth) => settings.update({ contentWidth })}
            />
          </Setting>
        </Stack>
      </Card.Body>
      <Card.Footer justifyContent="flex-end">
        <Button variant="outline" onClick={() => settings.reset()}>
          {t('builder.reset')}
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
