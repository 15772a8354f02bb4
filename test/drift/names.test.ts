import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { confusableSkeleton, lookAlikeSkeleton, styleSkeleton } from '../../src/drift/names.js';

describe('name keys', () => {
  it('the style skeleton ignores case and separators', () => {
    assert.equal(styleSkeleton('issue_number'), styleSkeleton('issueNumber'));
    assert.equal(styleSkeleton('getTinyImage'), styleSkeleton('get-tiny-image'));
    assert.notEqual(styleSkeleton('issue_number'), styleSkeleton('issue_numbers'));
  });

  it('the confusable skeleton folds compatibility characters first', () => {
    assert.equal(confusableSkeleton('ｒｅａｄ_file'), 'readfile');
  });

  it('the look-alike skeleton folds the TR39 ASCII prototypes, multi-letter rn/m included', () => {
    for (const [a, b] of [['read_fiIe', 'read_file'], ['read_fi1e', 'read-file'], ['l0g', 'log'], ['rnerge_pr', 'merge_pr'], ['MERGE.PR', 'merge_pr']]) {
      assert.equal(lookAlikeSkeleton(a ?? ''), lookAlikeSkeleton(b ?? ''), `${a} ~ ${b}`);
    }
    assert.notEqual(lookAlikeSkeleton('merge_pr'), lookAlikeSkeleton('merge_prs'));
    assert.notEqual(lookAlikeSkeleton('read_file'), lookAlikeSkeleton('read_tile'));
  });
});
