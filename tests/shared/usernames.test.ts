import { describe, expect, it } from 'vitest';
import { isMixedScript } from '../../shared/mixedScript.js';
import { controlCharacterProblem } from '../../shared/unsafeCharacters.js';
import { checkUsername, USERNAME_ERRORS, usernameKey } from '../../shared/usernames.js';

describe('checkUsername', () => {
  it.each([
    ['a zero-width space', 'rt-admin\u200b', USERNAME_ERRORS.invisible],
    ['a right-to-left override', '\u202enimda-tr', USERNAME_ERRORS.invisible],
    ['a zero-width joiner', 'rt\u200dadmin', USERNAME_ERRORS.invisible],
    ['a Hangul filler', 'rt-admin\u3164', USERNAME_ERRORS.invisible],
    ['a variation selector', 'rt-admin\ufe0f', USERNAME_ERRORS.invisible],
    ['NUL', 'rt-admin\u0000', USERNAME_ERRORS.invisible],
    ['a Cyrillic а among Latin letters', 'rt-\u0430dmin', USERNAME_ERRORS.mixedScript],
    ['a Greek ο among Latin letters', 'r\u03bft', USERNAME_ERRORS.mixedScript],
    ['Greek with Cyrillic', '\u03b1\u0431', USERNAME_ERRORS.mixedScript],
    ['repeated spaces', 'rt  admin', USERNAME_ERRORS.spaces],
    ['an ogham space mark', 'rt\u1680admin', USERNAME_ERRORS.spaces],
    ['only spaces', '   ', USERNAME_ERRORS.empty],
    ['65 characters', 'a'.repeat(65), USERNAME_ERRORS.tooLong],
  ])('refuses %s', (_name, input, error) => {
    expect(checkUsername(input)).toEqual({ ok: false, error });
  });

  it.each([
    ['plain ASCII', 'rt-admin', 'rt-admin'],
    ['a name with one space', 'Ivan Petrov', 'Ivan Petrov'],
    ['Cyrillic alone', 'Иван', 'Иван'],
    ['Greek alone', 'Αλέξης', 'Αλέξης'],
    ['accents, precomposed or combining', 'Jose\u0301', 'José'],
    ['Japanese (Han, kana, the long vowel mark)', '山田たろうカタカナー', '山田たろうカタカナー'],
    ['Latin with Han', 'yamada山田', 'yamada山田'],
    ['Korean with Latin', '김철수 kim', '김철수 kim'],
    ['fullwidth letters, stored as NFKC', 'Ｒｔ－ａｄｍｉｎ', 'Rt-admin'],
    ['an ideographic space, stored as a space', 'a\u3000b', 'a b'],
    ['surrounding spaces, trimmed', '  alice ', 'alice'],
  ])('accepts %s', (_name, input, stored) => {
    expect(checkUsername(input)).toEqual({ ok: true, username: stored });
  });

  it('compares names regardless of case and Unicode form', () => {
    expect(usernameKey('RT-Admin')).toBe(usernameKey('rt-admin'));
    expect(usernameKey('Ｒｔ－ＡＤＭＩＮ')).toBe(usernameKey('rt-admin'));
    expect(usernameKey('STRASSE')).toBe(usernameKey('straße'));
    expect(usernameKey('ΟΔΟΣ')).toBe(usernameKey('οδος'));
    expect(usernameKey('rt-\u0430dmin')).not.toBe(usernameKey('rt-admin'));
  });

  it('reads scripts from the Unicode data, digits and punctuation belonging to all', () => {
    expect(isMixedScript('user_1.2-3')).toBe(false);
    expect(isMixedScript('123')).toBe(false);
    expect(isMixedScript('ab\u0301c')).toBe(false);
    expect(isMixedScript('abc\u0561')).toBe(true); // Armenian ա
  });
});

describe('controlCharacterProblem (names of tools, agents and values)', () => {
  it('names the first control or text-direction character, NUL included', () => {
    expect(controlCharacterProblem('get\u0000weather')).toBe('must not contain control characters (U+0000)');
    expect(controlCharacterProblem('weather\u202e')).toBe('must not contain control characters (U+202E)');
    expect(controlCharacterProblem('line\nbreak')).toBe('must not contain control characters (U+000A)');
    expect(controlCharacterProblem('Support 👩‍💻 café')).toBeNull();
  });
});
