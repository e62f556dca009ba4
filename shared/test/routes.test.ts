import { ADMINISTRATOR_ROLE_NAME, type PermissionSubject } from '../src/permissions';
import { canOpenRoute, registryProblems, registryRouteOf, ROUTE_REGISTRY, ROUTE_RULES, ruleForPath, screenProblems, standaloneRoutes } from '../src/routes';

const rooms = ROUTE_REGISTRY.remotes.flatMap((area) => area.routes).find((route) => route.path === '/settings/learning/rooms')!;

describe('the route registry', () => {
  it('names a known permission, user type and section, and a title in every language, for every route', () => {
    expect(registryProblems()).toEqual([]);
  });

  it('says what is wrong in an entry', () => {
    const broken = {
      sections: { settings: { ...ROUTE_REGISTRY.sections.settings, ja: '' } },
      remotes: [
        {
          name: 'settings',
          workspace: 'mf-settings',
          ports: { dev: 1, e2e: 2 },
          routes: [
            { ...rooms, permission: { resource: 'LearningRoom', action: 'Fly' }, types: ['visitor'], title: { ...rooms.title, de: '' } },
            { ...rooms, section: 'nowhere' },
          ],
        },
      ],
    };
    expect(registryProblems(broken)).toEqual([
      'section settings has no ja name',
      'settings /settings/learning/rooms: unknown permission LearningRoom/Fly',
      'settings /settings/learning/rooms: unknown user type visitor',
      'settings /settings/learning/rooms: no de title',
      'settings /settings/learning/rooms: registered twice',
      'settings /settings/learning/rooms: unknown section nowhere',
    ]);
  });

  it('derives the route rules from the entries: the permission, and the user types where an entry limits them', () => {
    expect(ruleForPath('/settings/learning/rooms')).toEqual({ path: '/settings/learning/rooms', resource: 'LearningRoom', action: 'GetAll' });
    expect(ruleForPath('/assets/products/12')).toEqual({
      path: '/assets/products',
      resource: 'Product',
      action: 'GetAll',
      types: ['administrator', 'academic_affair'],
    });
    expect(ruleForPath('/competition/scoring')?.types).toEqual(['teacher', 'administrator', 'academic_affair']);
    // routes without a permission open for every signed-in user
    expect(ruleForPath('/learning/schedules')).toBeUndefined();
    expect(ruleForPath('/settings/accounts')).toBeUndefined();
    const guarded = ROUTE_REGISTRY.remotes.flatMap((area) => area.routes).filter((route) => route.permission || route.types);
    expect(ROUTE_RULES.map((rule) => rule.path)).toEqual(guarded.map((route) => route.path));
  });

  it('opens a route by its rule: the permission, then the user type', () => {
    const teacherWith = (resource: string, action: string): PermissionSubject => ({
      type: 'teacher',
      roles: [{ name: 'Giáo viên', permissions: [{ resource: resource as 'Product', action: action as 'GetAll' }] }],
    });
    expect(canOpenRoute(teacherWith('LearningRoom', 'GetAll'), '/settings/learning/rooms')).toBe(true);
    expect(canOpenRoute(teacherWith('Product', 'GetAll'), '/settings/learning/rooms')).toBe(false);
    // the courses are for staff only, whatever the permission
    expect(canOpenRoute(teacherWith('Product', 'GetAll'), '/assets/products')).toBe(false);
    expect(canOpenRoute({ type: 'academic_affair', roles: [{ name: ADMINISTRATOR_ROLE_NAME, permissions: [] }] }, '/assets/products')).toBe(true);
    expect(canOpenRoute(teacherWith('Product', 'GetAll'), '/learning/schedules')).toBe(true);
    expect(canOpenRoute(null, '/learning/schedules')).toBe(false);
  });

  it("makes an entry the API's route: breadcrumb and menu entry with their keys, English labels and translations", () => {
    const route = registryRouteOf(rooms);
    expect(route.path).toBe('/settings/learning/rooms');
    expect(route.permission).toEqual({ resource: 'LearningRoom', action: 'GetAll' });
    expect(route.breadcrumb).toEqual([
      { titleKey: 'menu.section.settings', label: 'Settings' },
      { titleKey: 'menu.rooms', label: 'Rooms' },
    ]);
    expect(route.menu).toEqual({ section: 'menu.section.settings', titleKey: 'menu.rooms', label: 'Rooms', icon: 'home', order: 40 });
    expect(route.texts?.vi).toEqual({ menu: { section: { settings: 'Cài đặt' }, rooms: 'Phòng học' } });
    expect(route.texts?.de).toEqual({ menu: { section: { settings: 'Einstellungen' }, rooms: 'Räume' } });
    // a route already in that shape (an environment's older registry) is kept as it is
    expect(registryRouteOf(route)).toBe(route);
  });

  it("gives a remote's standalone frame its paths with their Vietnamese titles", () => {
    expect(standaloneRoutes('users')).toEqual([
      { path: '/assets/teachers', label: 'Giáo viên' },
      { path: '/assets/students', label: 'Học viên' },
      { path: '/settings/accounts', label: 'Tài khoản giáo vụ' },
    ]);
  });

  it("finds a route whose screen file does not download or does not export its screen, and a screen file without a route", async () => {
    const screen = () => Promise.resolve(() => null);
    const missingFile = () => Promise.reject(new Error("Cannot find module './features/students/StudentsPage.tsx'"));
    const notExported = () => Promise.resolve(undefined);
    const featureFiles = ['teachers/TeachersPage.tsx', 'teachers/TeacherForm.tsx', 'staff-accounts/StaffAccountsPage.tsx', 'students/StudentPage.tsx'];
    expect(await screenProblems('users', featureFiles, { '/assets/teachers': screen, '/assets/students': missingFile, '/settings/accounts': notExported })).toEqual([
      "/assets/students: its screen file src/features/students/StudentsPage.tsx does not load: Error: Cannot find module './features/students/StudentsPage.tsx'",
      '/settings/accounts: its screen file src/features/staff-accounts/StaffAccountsPage.tsx does not export the screen named like the file',
      'src/features/students/StudentPage.tsx: a screen of users without a route in deploy/remotes.json',
    ]);
    expect(await screenProblems('users', ['teachers/TeachersPage.tsx'], { '/assets/teachers': screen, '/assets/students': screen })).toEqual([
      '/settings/accounts: a route of users whose entry in deploy/remotes.json names no screen file',
    ]);
  });
});
