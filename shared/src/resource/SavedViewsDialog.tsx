/**
 * The saved views of a list (SavedViews.tsx opens it): the user's own views and those shared with their
 * role, each applied by a click (the list's address takes its filters and sort, on page 1); the form that
 * saves the current filters and sort under a name, shared with a role for those who may read the roles;
 * one's own view renamed in place (the same name rules as a save) or saved again with the list's current
 * filters and sort (PUT /saved-view/update), or deleted after a confirmation. A view shared by someone else
 * is only applied.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api, fieldErrorsOf, refusalOf } from '@trungtam/shared/api';
import {
  SAVED_VIEW_LIMITS,
  SAVED_VIEW_TEXT,
  savedViewQuery,
  type ApiData,
  type ListResult,
  type Role,
  type SavedView,
  type SavedViewWrite,
} from '@trungtam/shared/contracts';
import { EditIcon, SaveIcon, TrashIcon } from '@trungtam/shared/icons';
import { can } from '@trungtam/shared/permissions';
import { useNavigate } from '@trungtam/shared/router';
import { useCurrentUser } from '@trungtam/shared/session';
import {
  Box,
  Button,
  ConfirmDelete,
  Dialog,
  Field,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  RecordDialog,
  Stack,
  StateNotice,
  Text,
  notifyError,
  notifySuccess,
} from '@trungtam/shared/ui/core';
import { savedViewsKey, useSavedViews } from './SavedViews';

export const SAVED_VIEWS_DIALOG_TEXTS = {
  title: 'Chế độ xem đã lưu',
  close: 'Đóng',
  mine: 'Của tôi',
  shared: 'Được chia sẻ với tôi',
  none: 'Chưa có chế độ xem nào cho danh sách này.',
  apply: (name: string) => `Áp dụng chế độ xem ${name}`,
  sharedWith: (role: string) => `Chia sẻ với ${role}`,
  sharedBy: (owner: string) => `Của ${owner}`,
  saveHeading: 'Lưu bộ lọc và sắp xếp hiện tại',
  name: 'Tên chế độ xem',
  namePlaceholder: 'Ví dụ: Học viên Hà Nội chưa có lớp',
  shareWith: 'Chia sẻ với quyền',
  notShared: 'Không chia sẻ (chỉ mình tôi)',
  save: 'Lưu chế độ xem',
  saved: 'Đã lưu chế độ xem',
  saveFailed: 'Không lưu được chế độ xem, mời bạn thử lại',
  remove: (name: string) => `Xoá chế độ xem ${name}`,
  removeQuestion: (name: string) => `Xoá chế độ xem "${name}"?`,
  removed: 'Đã xoá chế độ xem',
  removeFailed: 'Không xoá được chế độ xem, mời bạn thử lại',
  rename: (name: string) => `Đổi tên chế độ xem ${name}`,
  newName: 'Tên mới',
  renameSave: 'Lưu tên',
  renameCancel: 'Huỷ',
  renamed: 'Đã đổi tên chế độ xem',
  resave: (name: string) => `Lưu lại ${name} với bộ lọc hiện tại`,
  resaveSame: 'Chế độ xem đang có đúng bộ lọc và sắp xếp hiện tại',
  resaved: (name: string) => `Đã lưu bộ lọc hiện tại vào chế độ xem ${name}`,
} as const;
const T = SAVED_VIEWS_DIALOG_TEXTS;

/** What is wrong with a view's name before it is sent (the API checks the same), or null. */
function nameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return SAVED_VIEW_TEXT.nameRequired;
  if (trimmed.length > SAVED_VIEW_LIMITS.nameMax) return SAVED_VIEW_TEXT.nameTooLong;
  return null;
}

/** The API's refusal of a name (400 on the field, 409 for a name taken), or null for another refusal. */
function nameRefusal(error: unknown): string | null {
  const onName = fieldErrorsOf(error, ['name'])?.name;
  if (onName) return onName;
  return refusalOf(error, '') === SAVED_VIEW_TEXT.nameTaken ? SAVED_VIEW_TEXT.nameTaken : null;
}

/** A write of the user's own view: PUT /saved-view/update with what changes. */
const updateView = (id: number, change: { name?: string; query?: string }) => api.put<ApiData<SavedView>>('/saved-view/update', { id, ...change });

export interface SavedViewsDialogProps {
  open: boolean;
  onClose: () => void;
  /** The list's route path. */
  listKey: string;
  /** The list's current URL search text ('?search=…&sort=…'). */
  search: string;
}

/** GET /system/role/list: the roles a view may be shared with (for those who may read them). */
function useShareRoles(enabled: boolean) {
  return useQuery({
    queryKey: ['roles', 'saved-view-share'],
    enabled,
    queryFn: async () => {
      const data = (await api.get<ApiData<ListResult<Role> | Role[]>>('/system/role/list', { params: { limit: 500, page: 1, sort_column: 'name', sort_type: 'ASC' } })).data.data;
      return Array.isArray(data) ? data : data.rows;
    },
  });
}

export function SavedViewsDialog({ open, onClose, listKey, search }: SavedViewsDialogProps) {
  const me = useCurrentUser();
  const mayShare = can(me, 'System', 'GetAllRole');
  const views = useSavedViews(listKey);
  const roles = useShareRoles(open && mayShare);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [roleId, setRoleId] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<SavedView | null>(null);
  const [renaming, setRenaming] = useState<number | null>(null);
  const current = savedViewQuery(search);

  const mine = views.data?.filter((view) => view.mine) ?? [];
  const shared = views.data?.filter((view) => !view.mine) ?? [];
  const refresh = () => client.invalidateQueries({ queryKey: savedViewsKey(listKey) });

  const apply = (view: SavedView) => {
    navigate({ pathname: listKey, search: view.query ? `?${view.query}` : '' });
    onClose();
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setFormError(null);
    const problem = nameProblem(name);
    if (problem) return setNameError(problem);
    setNameError(null);
    const body: SavedViewWrite = { list_key: listKey, name: trimmed, query: current, shared_role_id: roleId ? Number(roleId) : null };
    setSaving(true);
    try {
      await api.post<ApiData<SavedView>>('/saved-view/create', body);
      notifySuccess(T.saved);
      setName('');
      setRoleId('');
      await refresh();
    } catch (error) {
      const onName = nameRefusal(error);
      if (onName) setNameError(onName);
      else setFormError(refusalOf(error, T.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  const resave = async (view: SavedView) => {
    try {
      await updateView(view.id, { query: current });
      notifySuccess(T.resaved(view.name));
      await refresh();
    } catch (error) {
      notifyError(refusalOf(error, T.saveFailed));
    }
  };

  const row = (view: SavedView) =>
    renaming === view.id ? (
      <RenameRow
        key={view.id}
        view={view}
        onDone={async () => {
          setRenaming(null);
          await refresh();
        }}
        onCancel={() => setRenaming(null)}
      />
    ) : (
      <HStack key={view.id} as="li" justify="space-between" gap="2" py="1.5" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
        <Box minW="0" flex="1">
          <Button variant="ghost" size="sm" px="2" maxW="full" justifyContent="flex-start" aria-label={T.apply(view.name)} onClick={() => apply(view)}>
            <Text as="span" truncate>
              {view.name}
            </Text>
          </Button>
          <Text fontSize="xs" color="fg.muted" px="2">
            {view.mine ? (view.shared_role_name ? T.sharedWith(view.shared_role_name) : null) : T.sharedBy(view.owner_name)}
          </Text>
        </Box>
        {view.mine && (
          <HStack gap="0">
            <IconButton
              variant="ghost"
              size="sm"
              aria-label={T.resave(view.name)}
              title={view.query === current ? T.resaveSame : T.resave(view.name)}
              disabled={view.query === current}
              onClick={() => void resave(view)}
            >
              <SaveIcon />
            </IconButton>
            <IconButton variant="ghost" size="sm" aria-label={T.rename(view.name)} title={T.rename(view.name)} onClick={() => setRenaming(view.id)}>
              <EditIcon />
            </IconButton>
            <IconButton variant="ghost" size="sm" colorPalette="red" aria-label={T.remove(view.name)} title={T.remove(view.name)} onClick={() => setRemoving(view)}>
              <TrashIcon />
            </IconButton>
          </HStack>
        )}
      </HStack>
    );

  return (
    <>
      <RecordDialog
        open={open}
        onClose={onClose}
        closeLabel={T.close}
        // Escape during a rename ends the rename (the view keeps its name); the next one closes the dialog
        onEscapeKeyDown={(event) => {
          if (renaming === null) return;
          event.preventDefault();
          setRenaming(null);
        }}
      >
        <Dialog.Header>
          <Dialog.Title>{T.title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body pb="6">
          <Stack gap="5">
            <StateNotice loading={views.isPending} failed={views.isError} rowCount={views.data?.length ?? 0} emptyText={T.none} onRetry={() => void views.refetch()} />
            {mine.length > 0 && (
              <Box as="section" aria-label={T.mine}>
                <Text fontWeight="semibold" fontSize="sm" mb="1">
                  {T.mine}
                </Text>
                <Box as="ul" listStyleType="none">
                  {mine.map(row)}
                </Box>
              </Box>
            )}
            {shared.length > 0 && (
              <Box as="section" aria-label={T.shared}>
                <Text fontWeight="semibold" fontSize="sm" mb="1">
                  {T.shared}
                </Text>
                <Box as="ul" listStyleType="none">
                  {shared.map(row)}
                </Box>
              </Box>
            )}
            <Box borderTopWidth="1px" pt="4">
              <form noValidate aria-label={T.saveHeading} onSubmit={(event) => void save(event)}>
                <Stack gap="3">
                  <Text fontWeight="semibold" fontSize="sm">
                    {T.saveHeading}
                  </Text>
                  <Field.Root invalid={nameError !== null} required>
                    <Field.Label>{T.name}</Field.Label>
                    <Input value={name} maxLength={SAVED_VIEW_LIMITS.nameMax} placeholder={T.namePlaceholder} onChange={(event) => setName(event.target.value)} />
                    {nameError && <Field.ErrorText>{nameError}</Field.ErrorText>}
                  </Field.Root>
                  {mayShare && (
                    <Field.Root>
                      <Field.Label>{T.shareWith}</Field.Label>
                      <NativeSelect.Root>
                        <NativeSelect.Field value={roleId} onChange={(event) => setRoleId(event.target.value)}>
                          <option value="">{T.notShared}</option>
                          {(roles.data ?? []).map((role) => (
                            <option key={role.id} value={String(role.id)}>
                              {role.name}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    </Field.Root>
                  )}
                  {formError && (
                    <Text color="fg.error" fontSize="sm" role="alert">
                      {formError}
                    </Text>
                  )}
                  <HStack justify="flex-end">
                    <Button type="submit" colorPalette="blue" loading={saving}>
                      {T.save}
                    </Button>
                  </HStack>
                </Stack>
              </form>
            </Box>
          </Stack>
        </Dialog.Body>
      </RecordDialog>
      <ConfirmDelete
        open={removing !== null}
        onClose={() => setRemoving(null)}
        message={removing ? T.removeQuestion(removing.name) : undefined}
        successMessage={T.removed}
        failureMessage={T.removeFailed}
        onConfirm={async () => {
          if (removing) await api.delete(`/saved-view/delete/${removing.id}`);
        }}
        onDeleted={() => void refresh()}
      />
    </>
  );
}

/** One's own view renamed in place: the name rules of a save, the API's refusal on the field. */
function RenameRow({ view, onDone, onCancel }: { view: SavedView; onDone: () => Promise<void>; onCancel: () => void }) {
  const [name, setName] = useState(view.name);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(name);
    if (problem) return setError(problem);
    if (name.trim() === view.name) return onCancel();
    setError(null);
    setSaving(true);
    try {
      await updateView(view.id, { name: name.trim() });
      notifySuccess(T.renamed);
      await onDone();
    } catch (refusal) {
      setError(nameRefusal(refusal) ?? refusalOf(refusal, T.saveFailed));
      setSaving(false);
    }
  };

  return (
    <Box as="li" py="1.5" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <form noValidate aria-label={T.rename(view.name)} onSubmit={(event) => void submit(event)}>
        <HStack align="flex-start" gap="2">
          <Field.Root invalid={error !== null} required flex="1">
            <Field.Label srOnly>{T.newName}</Field.Label>
            <Input size="sm" value={name} maxLength={SAVED_VIEW_LIMITS.nameMax} autoFocus onChange={(event) => setName(event.target.value)} />
            {error && <Field.ErrorText>{error}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" size="sm" colorPalette="blue" loading={saving}>
            {T.renameSave}
          </Button>
          <Button size="sm" variant="ghost" onClick={onCancel}>
            {T.renameCancel}
          </Button>
        </HStack>
      </form>
    </Box>
  );
}
