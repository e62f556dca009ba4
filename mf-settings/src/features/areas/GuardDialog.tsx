/**
 * "Cài đặt bộ bảo vệ": an area's rollout guard settings (PUT /system/remote/guard): paused or watching,
 * the page views before it judges, the error-rate floor and factor, the INP samples and how much slower
 * the candidate may be. The form checks them with the API's own schema and messages; the two shares
 * (error-rate floor, INP slower by) are entered as percentages, as their messages say them. A refusal
 * shows the API's message on its field, or in the form.
 */
import { apiErrorOf, ApiError, isApiError, refusalOf } from '@trungtam/shared/api';
import { yupFromSchema, type ObjectJsonSchema } from '@trungtam/shared/forms';
import type { RemoteArea } from '@trungtam/shared/schemas/remotes';
import { GuardSettings, type GuardSettingsRecord } from '@trungtam/shared/schemas/telemetry';
import { Button, CheckboxField, FormField, FullscreenModal, HStack, notifySuccess, SimpleGrid, Stack, SubmitButton, SubmitForm, Text } from '@trungtam/shared/ui';
import { useSaveGuard, type GuardRequest } from './api';
import { HEALTH_TEXTS as T } from './healthTexts';
import { areaLabel } from '../../common/areaLabels';

/** The form's values: the settings, the two shares in %; '' while a field is empty. */
export interface GuardValues {
  paused: boolean;
  min_page_views: number | '';
  error_rate_floor: number | '';
  error_rate_factor: number | '';
  min_inp_samples: number | '';
  inp_worse_by: number | '';
}

/** The settings entered as percentages. */
const PERCENT_FIELDS = ['error_rate_floor', 'inp_worse_by'] as const;

// (to twelve digits: 0.07 × 100 is 7.000000000000001 in binary floating point)
const toPercent = (share: number) => Number((share * 100).toPrecision(12));
const toShare = (percent: number) => Number((percent / 100).toPrecision(12));

type PropertySchema = ObjectJsonSchema['properties'][string];
const inPercent = (schema: PropertySchema): PropertySchema => ({
  ...schema,
  ...(schema.minimum !== undefined ? { minimum: toPercent(schema.minimum) } : {}),
  ...(schema.maximum !== undefined ? { maximum: toPercent(schema.maximum) } : {}),
});

/** The API's schema of the settings, its shares' bounds in %: the same fields, rules and messages. */
const GUARD_FORM_SCHEMA: ObjectJsonSchema = {
  ...GuardSettings,
  properties: { ...GuardSettings.properties, ...Object.fromEntries(PERCENT_FIELDS.map((name) => [name, inPercent(GuardSettings.properties[name])])) },
};
export const guardSchema = yupFromSchema(GUARD_FORM_SCHEMA);

export function guardValues(settings: GuardSettingsRecord): GuardValues {
  return { ...settings, error_rate_floor: toPercent(settings.error_rate_floor), inp_worse_by: toPercent(settings.inp_worse_by) };
}

export function toGuardRequest(area: string, values: GuardValues): GuardRequest {
  return {
    area,
    settings: {
      paused: values.paused,
      min_page_views: Number(values.min_page_views),
      error_rate_floor: toShare(Number(values.error_rate_floor)),
      error_rate_factor: Number(values.error_rate_factor),
      min_inp_samples: Number(values.min_inp_samples),
      inp_worse_by: toShare(Number(values.inp_worse_by)),
    },
  };
}

/** The API names the settings' fields under `settings.` (`settings.min_page_views`); the form holds them at its top. */
function onFormFields(error: unknown): unknown {
  const body = apiErrorOf(error);
  if (!isApiError(error) || !error.response || !body?.fields) return error;
  const fields = Object.fromEntries(Object.entries(body.fields).map(([name, message]) => [name.replace(/^settings\./, ''), message]));
  return new ApiError(error.message, { code: error.code, request: error.request, response: { ...error.response, data: { error: { ...body, fields } } }, cause: error });
}

export interface GuardTarget {
  area: RemoteArea;
  settings: GuardSettingsRecord;
}

export interface GuardDialogProps {
  /** The area whose guard is set, with its settings now; null when closed. */
  target: GuardTarget | null;
  onClose: () => void;
  /** The form's wait before its call (1 second; tests pass 0). */
  formDelayMs?: number;
}

export function GuardDialog({ target, onClose, formDelayMs }: GuardDialogProps) {
  const save = useSaveGuard();
  const name = target ? areaLabel(target.area.name) : '';
  const title = target ? T.settingsTitle(name) : '';
  return (
    <FullscreenModal open={target !== null} onClose={onClose} title={title} closeLabel={T.close}>
      {target && (
        <SubmitForm<GuardValues>
          key={target.area.name}
          aria-label={title}
          initialValues={guardValues(target.settings)}
          validationSchema={guardSchema}
          delayMs={formDelayMs}
          onSubmit={async (values) => {
            try {
              return await save.mutateAsync(toGuardRequest(target.area.name, values));
            } catch (error) {
              throw onFormFields(error);
            }
          }}
          failureMessage={(error) => refusalOf(error, T.saveFailed)}
          onSuccess={() => {
            notifySuccess(T.saved(name));
            onClose();
          }}
        >
          <Stack gap="6" maxW="2xl" mx="auto">
            <Text fontSize="sm" color="fg.muted">
              {T.settingsHelp}
            </Text>
            <CheckboxField name="paused" label={T.paused} />
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField name="min_page_views" type="number" label={T.minPageViews} required />
              <FormField name="error_rate_factor" type="number" label={T.errorRateFactor} required />
              <FormField name="error_rate_floor" type="number" label={T.errorRateFloor} helperText={T.errorRateFloorHelp} required />
              <FormField name="min_inp_samples" type="number" label={T.minInpSamples} required />
              <FormField name="inp_worse_by" type="number" label={T.inpWorseBy} required />
            </SimpleGrid>
            <HStack justify="flex-end" gap="3">
              <Button variant="outline" onClick={onClose}>
                {T.cancel}
              </Button>
              <SubmitButton>{T.save}</SubmitButton>
            </HStack>
          </Stack>
        </SubmitForm>
      )}
    </FullscreenModal>
  );
}
