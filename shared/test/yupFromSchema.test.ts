import { Type } from 'typebox';
import { yupFromSchema } from '../src/forms/yupFromSchema';
import { BUILDER_TEXT, Id, Int, Nullable, Text, msgs } from '../src/schemas/builders';
import { ROOM_LIMITS, ROOM_TEXT, RoomWriteBody } from '../src/schemas/settings';
import { errorsOf } from './formErrors';

describe('the room form built from the room write schema', () => {
  const roomForm = yupFromSchema(RoomWriteBody);
  const room = { center_id: 1, name: 'Phòng 1', room_number: '', capacity: '' };

  it("refuses one over the schema's limits with the schema's messages, the ones the API answers", async () => {
    // the same constants the API test uses: a limit changed in the schema changes the form and the API
    const tooLong = { ...room, name: 'P'.repeat(ROOM_LIMITS.nameMax + 1), room_number: '1'.repeat(ROOM_LIMITS.numberMax + 1), capacity: ROOM_LIMITS.capacityMax + 1 };
    expect(await errorsOf(roomForm, tooLong)).toEqual({ name: ROOM_TEXT.nameMax, room_number: ROOM_TEXT.numberMax, capacity: ROOM_TEXT.capacity });
    const atTheLimits = { ...room, name: 'P'.repeat(ROOM_LIMITS.nameMax), room_number: '1'.repeat(ROOM_LIMITS.numberMax), capacity: ROOM_LIMITS.capacityMax };
    expect(await errorsOf(roomForm, atTheLimits)).toEqual({});
  });

  it("takes formik's empty values: '' is not given, a blank name and no centre are required", async () => {
    expect(await errorsOf(roomForm, room)).toEqual({});
    expect(await errorsOf(roomForm, { ...room, center_id: 0, name: '   ' })).toEqual({ center_id: ROOM_TEXT.centerRequired, name: ROOM_TEXT.nameRequired });
    expect(await errorsOf(roomForm, { ...room, capacity: '12' })).toEqual({});
    expect(await errorsOf(roomForm, { ...room, capacity: 1.5 })).toEqual({ capacity: ROOM_TEXT.capacity });
    expect(await errorsOf(roomForm, { ...room, capacity: 0 })).toEqual({ capacity: ROOM_TEXT.capacity });
  });
});

describe('yupFromSchema', () => {
  const form = yupFromSchema(
    Type.Object({
      title: Text(10, { minLength: 2, pattern: '^[a-z ]*$', messages: { required: 'required', minLength: 'short', maxLength: 'long', pattern: 'letters' } }),
      password: Text(8, { minLength: 3, messages: { minLength: 'password short' } }),
      note: Type.Optional(Text(5)),
      count: Type.Optional(Nullable(Int(0, 9, { default: 'count 0..9' }))),
      status: Type.Union([Type.Literal(1), Type.Literal(4)], msgs({ default: 'status 1 or 4' })),
      kind: Type.Optional(Type.Enum(['a', 'b'], msgs({ default: 'kind a or b' }))),
      ids: Type.Array(Id('bad id'), { minItems: 1, maxItems: 2, ...msgs({ minItems: 'one id at least', maxItems: 'two ids at most' }) }),
      items: Type.Optional(Type.Array(Type.Object({ label: Text(3, { minLength: 1, messages: { required: 'label required', maxLength: 'label long' } }) }))),
    }),
    { untrimmed: ['password'] },
  );
  const valid = { title: 'ab', password: 'abc', note: '', count: '', status: 1, kind: '', ids: [1], items: [] };

  it('accepts a valid form, an empty optional field and a choice given as its text', async () => {
    expect(await errorsOf(form, valid)).toEqual({});
    expect(await errorsOf(form, { ...valid, status: '4', count: 3, kind: 'b' })).toEqual({});
  });

  it('gives each keyword its message, the default, or the generic ones', async () => {
    // a password is checked as typed: '  a  ' is five characters
    expect(
      await errorsOf(form, { title: '', password: '  a  ', note: '123456', count: 10, status: 2, kind: 'c', ids: [], items: [{ label: '' }, { label: 'abcd' }] }),
    ).toEqual({
      title: 'required',
      note: BUILDER_TEXT.invalidValue,
      count: 'count 0..9',
      status: 'status 1 or 4',
      kind: 'kind a or b',
      ids: 'one id at least',
      'items[0].label': 'label required',
      'items[1].label': 'label long',
    });
    expect(await errorsOf(form, { ...valid, title: ' a ', password: 'ab', ids: [1, 2, 3] })).toEqual({ title: 'short', password: 'password short', ids: 'two ids at most' });
    expect(await errorsOf(form, { ...valid, title: 'AB', ids: [0] })).toEqual({ title: 'letters', 'ids[0]': 'bad id' });
    expect(await errorsOf(form, { ...valid, status: '' })).toEqual({ status: 'status 1 or 4' });
    expect(await errorsOf(form, { ...valid, title: 'a\u0000b' })).toEqual({ title: BUILDER_TEXT.nulCharacter });
  });
});
