/**
 * Permission ids are permanent: roles in every database store them. This file pins each existing
 * (resource, action) → id pair; a change to any of them is a bug, not an update to make here.
 * New permissions are appended to the catalogue with new ids (and may be added to PINNED afterwards).
 */
import {
  COMMON_ACTIONS,
  PERMISSION_CATALOGUE,
  PERMISSION_RESOURCES,
  SCHEDULE_ACTIONS,
  SYSTEM_ACTIONS,
  can,
  isKnownPermission,
  type PermissionKey,
  type PermissionSubject,
} from '../src/permissions';

/** The ids as they were when they were first made explicit; never edit a line of this table. */
const PINNED: Readonly<Record<string, number>> = {
  'ProductDiscount.GetAll': 1,
  'ProductDiscount.GetOne': 2,
  'ProductDiscount.Create': 3,
  'ProductDiscount.Update': 4,
  'ProductDiscount.Delete': 5,
  'ProductDiscount.Export': 6,
  'Product.GetAll': 7,
  'Product.GetOne': 8,
  'Product.Create': 9,
  'Product.Update': 10,
  'Product.Delete': 11,
  'Product.Export': 12,
  'User.GetAll': 13,
  'User.GetOne': 14,
  'User.Create': 15,
  'User.Update': 16,
  'User.Delete': 17,
  'User.Export': 18,
  'LearningClassEnrollments.GetAll': 19,
  'LearningClassEnrollments.GetOne': 20,
  'LearningClassEnrollments.Create': 21,
  'LearningClassEnrollments.Update': 22,
  'LearningClassEnrollments.Delete': 23,
  'LearningClassEnrollments.Export': 24,
  'LearningClass.GetAll': 25,
  'LearningClass.GetOne': 26,
  'LearningClass.Create': 27,
  'LearningClass.Update': 28,
  'LearningClass.Delete': 29,
  'LearningClass.Export': 30,
  'LearningClassSchedule.GetAll': 31,
  'LearningClassSchedule.GetOne': 32,
  'LearningClassSchedule.Create': 33,
  'LearningClassSchedule.Update': 34,
  'LearningClassSchedule.Delete': 35,
  'LearningClassSchedule.Export': 36,
  'LearningClassSchedule.UpdateAttendance': 37,
  'LearningCenter.GetAll': 38,
  'LearningCenter.GetOne': 39,
  'LearningCenter.Create': 40,
  'LearningCenter.Update': 41,
  'LearningCenter.Delete': 42,
  'LearningCenter.Export': 43,
  'LearningRoom.GetAll': 44,
  'LearningRoom.GetOne': 45,
  'LearningRoom.Create': 46,
  'LearningRoom.Update': 47,
  'LearningRoom.Delete': 48,
  'LearningRoom.Export': 49,
  'Vendor.GetAll': 50,
  'Vendor.GetOne': 51,
  'Vendor.Create': 52,
  'Vendor.Update': 53,
  'Vendor.Delete': 54,
  'Vendor.Export': 55,
  'ProductType.GetAll': 56,
  'ProductType.GetOne': 57,
  'ProductType.Create': 58,
  'ProductType.Update': 59,
  'ProductType.Delete': 60,
  'ProductType.Export': 61,
  'NotificationSetting.GetAll': 62,
  'NotificationSetting.GetOne': 63,
  'NotificationSetting.Create': 64,
  'NotificationSetting.Update': 65,
  'NotificationSetting.Delete': 66,
  'NotificationSetting.Export': 67,
  'VariantGroup.GetAll': 68,
  'VariantGroup.GetOne': 69,
  'VariantGroup.Create': 70,
  'VariantGroup.Update': 71,
  'VariantGroup.Delete': 72,
  'VariantGroup.Export': 73,
  'Variant.GetAll': 74,
  'Variant.GetOne': 75,
  'Variant.Create': 76,
  'Variant.Update': 77,
  'Variant.Delete': 78,
  'Variant.Export': 79,
  'System.GetAll': 80,
  'System.GetOne': 81,
  'System.Create': 82,
  'System.Update': 83,
  'System.Delete': 84,
  'System.Export': 85,
  'System.GetAllRole': 86,
  'System.CreateRole': 87,
  'System.UpdateRole': 88,
  'System.DeleteRole': 89,
  'System.GetAuditLog': 90,
  'System.ManageAreas': 91,
  'LearningCompetition.GetAll': 92,
  'LearningCompetition.GetOne': 93,
  'LearningCompetition.Create': 94,
  'LearningCompetition.Update': 95,
  'LearningCompetition.Delete': 96,
  'LearningCompetition.Export': 97,
  'LearningCompetitionExamineePoint.GetAll': 98,
  'LearningCompetitionExamineePoint.GetOne': 99,
  'LearningCompetitionExamineePoint.Create': 100,
  'LearningCompetitionExamineePoint.Update': 101,
  'LearningCompetitionExamineePoint.Delete': 102,
  'LearningCompetitionExamineePoint.Export': 103,
  'Order.GetAll': 104,
  'Order.GetOne': 105,
  'Order.Create': 106,
  'Order.Update': 107,
  'Order.Delete': 108,
  'Order.Export': 109,
  'PayrollTimesheet.GetAll': 110,
  'PayrollTimesheet.GetOne': 111,
  'PayrollTimesheet.Create': 112,
  'PayrollTimesheet.Update': 113,
  'PayrollTimesheet.Delete': 114,
  'PayrollTimesheet.Export': 115,
};

const key = (p: { resource: string; action: string }) => `${p.resource}.${p.action}`;

describe('permission catalogue ids', () => {
  it.each(Object.entries(PINNED))('keeps %s at id %i', (pair, id) => {
    const entry = PERMISSION_CATALOGUE.find((p) => key(p) === pair);
    expect(entry?.id).toBe(id);
  });

  it('gives every entry a distinct positive integer id and every pair one entry', () => {
    const ids = PERMISSION_CATALOGUE.map((p) => p.id);
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const pairs = PERMISSION_CATALOGUE.map(key);
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('only appends: ids rise along the list, and entries added after the pin take ids above it', () => {
    const ids = PERMISSION_CATALOGUE.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const highestPinned = Math.max(...Object.values(PINNED));
    const added = PERMISSION_CATALOGUE.filter((p) => !(key(p) in PINNED));
    expect(added.filter((p) => p.id <= highestPinned)).toEqual([]);
    // every pinned pair is still in the catalogue (an id, once given, is never dropped or reused)
    expect(Object.keys(PINNED).filter((pair) => !PERMISSION_CATALOGUE.some((p) => key(p) === pair))).toEqual([]);
  });

  it("covers each of the spec's resources with the common actions, System and schedules with their own, and an appended resource with its own", () => {
    const has = (resource: string, action: string) => isKnownPermission(resource, action);
    const missing: string[] = [];
    // the resources appended after the spec's carry only the actions that mean something for them
    const specResources = PERMISSION_RESOURCES.slice(0, PERMISSION_RESOURCES.indexOf('LessonAdjustment'));
    for (const resource of specResources) for (const action of COMMON_ACTIONS) if (!has(resource, action)) missing.push(`${resource}.${action}`);
    expect(PERMISSION_CATALOGUE.filter((p) => p.resource === 'LessonAdjustment').map((p) => p.action)).toEqual(['Create']);
    for (const action of SYSTEM_ACTIONS) if (!has('System', action)) missing.push(`System.${action}`);
    for (const action of SCHEDULE_ACTIONS) if (!has('LearningClassSchedule', action)) missing.push(`LearningClassSchedule.${action}`);
    expect(missing).toEqual([]);
    expect(PERMISSION_CATALOGUE.every((p) => (PERMISSION_RESOURCES as readonly string[]).includes(p.resource))).toBe(true);
    expect(isKnownPermission('User', 'Fly')).toBe(false);
  });
});

describe('can()', () => {
  const subject = (name: string, permissions: PermissionKey[]): PermissionSubject => ({ type: 'teacher', roles: [{ name, permissions }] });

  it('passes for the Administrator role and for a granted pair only', () => {
    expect(can(subject('Administrator', []), 'System', 'ManageAreas')).toBe(true);
    const teacher = subject('Giáo viên', [{ resource: 'LearningClass', action: 'GetAll' }]);
    expect(can(teacher, 'LearningClass', 'GetAll')).toBe(true);
    expect(can(teacher, 'LearningClass', 'GetOne')).toBe(false);
    expect(can(null, 'LearningClass', 'GetAll')).toBe(false);
  });
});
