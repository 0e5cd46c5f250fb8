import { describe, expect, it } from 'vitest';
import { CreateCaseRequestSchema } from './cases.js';

const parent = (firstName: string, email = '') => ({ firstName, lastName: 'Ramos', email });
const child = { firstName: 'Félix', lastName: 'Ramos' };

function issues(value: unknown) {
  const result = CreateCaseRequestSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
}

describe('CreateCaseRequestSchema', () => {
  it('accepts two parents with one email and a child; phone and email default to empty', () => {
    const parsed = CreateCaseRequestSchema.parse({
      parent1: parent('Diego', ' diego@example.com '),
      parent2: { firstName: 'Elena', lastName: 'Ramos' },
      children: [child],
    });
    expect(parsed.parent1.email).toBe('diego@example.com');
    expect(parsed.parent2).toMatchObject({
      email: '',
      phoneNumber: '',
      phoneCountryCode: 'US_CANADA',
    });
  });

  it('needs an email for at least one parent, and two different emails', () => {
    expect(
      issues({ parent1: parent('Diego'), parent2: parent('Elena'), children: [child] }),
    ).toEqual(['parent1.email:cases_parentEmailRequired_error']);
    expect(
      issues({
        parent1: parent('Diego', 'same@example.com'),
        parent2: parent('Elena', 'SAME@example.com'),
        children: [child],
      }),
    ).toEqual(['parent2.email:cases_parentEmailSame_error']);
  });

  it("uses the family step's rules for names, phones and children", () => {
    expect(
      issues({
        parent1: { ...parent('', 'a@b.co'), phoneNumber: '12' },
        parent2: parent('Elena'),
        children: [],
      }),
    ).toEqual(
      expect.arrayContaining([
        'parent1.firstName:signup_firstName_error',
        'parent1.phoneNumber:signup_phoneNumber_error',
        'children:signup_children_error',
      ]),
    );
  });
});
