import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { MESSAGES } from '../../schemas/messages'
import { screenshot, signIn, useBrowserPage, useFreshServer } from '../support/e2e'

let baseUrl = ''
useFreshServer((url) => (baseUrl = url))
let page: Page

useBrowserPage((p) => (page = p))

const save = () => page.getByRole('button', { name: 'Save' }).click()
const cell = (name: string) => page.getByRole('cell', { name, exact: true })

describe('survey/repair types', () => {
  it('toggles between items and descriptives', async () => {
    await signIn(page, baseUrl, 'configurator', '/SurveyRepairTypes')
    const items = page.getByRole('table', { name: 'Survey/Repair items' })
    await items.getByRole('cell', { name: 'SF6 pressure low', exact: true }).waitFor()
    expect(await items.getByRole('columnheader').allInnerTexts()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Name/),
        expect.stringMatching(/^Product Type/),
        'Actions',
      ]),
    )
    await screenshot(page, 'ref-survey-repair-items')
    await page.getByRole('button', { name: 'Show Descriptives' }).click()
    const descriptives = page.getByRole('table', { name: 'Survey/Repair descriptives' })
    await descriptives.getByRole('cell', { name: 'Water ingress', exact: true }).waitFor()
    expect(await descriptives.getByRole('columnheader').allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^ID/), expect.stringMatching(/^Survey\/Repair/)]),
    )
    await page.getByRole('button', { name: 'Show Items' }).waitFor()
    await screenshot(page, 'ref-survey-repair-descriptives')
  })

  it('creates an item with the SPEC rules shown first, then a descriptive, and deletes it', async () => {
    const item = `E2E Item ${Date.now()}`
    const descriptive = `E2E Descriptive ${Date.now()}`
    await signIn(page, baseUrl, 'configurator', '/FaultRepairTypes')
    await page.getByRole('button', { name: 'Add new Survey/Repair type' }).click()
    await page.waitForURL(/\/FaultRepairTypes\/New\?type=item$/)
    await save()
    await page.getByText(MESSAGES.surveyRepair.nameRequired).waitFor()
    await page.getByText(MESSAGES.surveyRepair.productRequired).waitFor()
    await page.getByLabel(/^Name/).fill(item)
    await page.getByLabel(/^Product Type/).selectOption({ label: 'Smart Meter Three Phase' })
    await screenshot(page, 'ref-survey-repair-edit-item')
    await save()
    await page.waitForURL(/\/FaultRepairTypes\?success=true$/)
    await page.getByRole('status').filter({ hasText: 'Successfully added new survey/repair type' }).waitFor()
    await page.getByLabel('Filter by Name').fill(item)
    const row = page.getByRole('row').filter({ has: cell(item) })
    expect(await row.getByRole('cell').nth(1).innerText()).toBe('Smart Meter Three Phase')

    // Descriptive: switching kind drops the product type and asks for a category.
    await page.goto(`${baseUrl}/FaultRepairTypes/New?type=item&prod=100206`)
    await page.getByLabel(/^Name/).fill(descriptive)
    await page.getByLabel(/^Item or Descriptive/).selectOption({ label: 'Descriptive' })
    expect(await page.getByLabel(/^Product Type/).count()).toBe(0)
    await save()
    await page.getByText(MESSAGES.surveyRepair.categoryRequired).waitFor()
    await page.getByLabel(/^Survey\/Repair Category/).selectOption({ label: 'Repair' })
    await screenshot(page, 'ref-survey-repair-edit-descriptive')
    await save()
    await page.waitForURL(/\/FaultRepairTypes\?success=true$/)
    await page.getByRole('button', { name: 'Show Descriptives' }).click()
    await page.getByLabel('Filter by Name').fill(descriptive)
    const drow = page.getByRole('row').filter({ has: cell(descriptive) })
    expect(await drow.getByRole('cell').nth(2).innerText()).toBe('Repair')

    await drow.getByRole('button', { name: `Delete ${descriptive}` }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
    await page.getByText(MESSAGES.surveyRepair.deleted, { exact: true }).waitFor()
    await expect.poll(() => cell(descriptive).count()).toBe(0)
  })

  it('rejects a type in the URL that is not item, rdesc or fdesc', async () => {
    await signIn(page, baseUrl, 'configurator', '/SurveyRepairTypes/5?type=bogus')
    await page.getByText(MESSAGES.surveyRepair.invalidUrlType, { exact: true }).waitFor()
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0)
  })
})
