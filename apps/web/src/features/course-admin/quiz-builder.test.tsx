/**
 * The quiz builder on a quiz lesson's edit screen, and the gradebook, through the whole app (real routes,
 * mocked API); the gradebook's CSV as a pure function.
 */
import { QUIZ_MESSAGES } from '@lectio/contracts/quizzes';
import { buildEditableQuiz, buildGradebook, buildGradebookStudent, buildQuizQuestion } from '@lectio/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { makeCourse, makeLecture } from '../../../test/course-fixtures';
import { renderApp } from '../../../test/render-app';
import { startSignedIn } from '../../../test/signed-in';
import { gradebookCsv } from './gradebook-csv';

vi.setConfig({ testTimeout: 20_000 });
const FIRST_PAINT = { timeout: 5000 };
const owned = () => makeCourse({ instructor: { _id: 'user-1', name: 'The instructor' } });

function answerQuizLesson(
  quiz = buildEditableQuiz({ lectureId: 'quiz-1', courseId: 'course-1', questions: [] }),
) {
  const lecture = makeLecture({ _id: 'quiz-1', title: 'Check yourself', courseId: 'course-1', kind: 'quiz' });
  api.answer('lectures.get', { data: { lecture } });
  api.answer('courses.get', { data: owned() });
  api.answer('lectures.list', { videos: [lecture] });
  api.answer('resources.list', { data: { resources: [] } });
  api.answer('quizzes.edit', { data: { quiz } });
  api.answer('quizzes.save', ({ input }) => ({
    message: QUIZ_MESSAGES.saved,
    data: { quiz: { ...quiz, settings: input.settings } },
  }));
  return quiz;
}

describe('quiz builder', () => {
  it("shows the contract's messages for a bad question and settings, and saves nothing until they are fixed", async () => {
    answerQuizLesson();
    startSignedIn('instructor');
    const { user } = renderApp('/dashboard/instructor/updatelecture/quiz-1');
    const builder = await screen.findByRole('form', { name: 'Quiz builder' }, FIRST_PAINT);
    expect(screen.queryByLabelText('Replace video')).toBeNull();

    const passMark = within(builder).getByRole('spinbutton', { name: /Pass mark/ });
    await user.clear(passMark);
    await user.type(passMark, '150');
    await user.click(within(builder).getByRole('button', { name: 'Add a question' }));
    await user.click(within(builder).getByRole('button', { name: 'Save quiz' }));

    expect(await within(builder).findByText(QUIZ_MESSAGES.passMarkInvalid)).toBeVisible();
    const question = within(builder).getByRole('group', { name: 'Question 1' });
    expect(within(question).getByText(QUIZ_MESSAGES.promptRequired)).toBeVisible();
    expect(within(question).getAllByText(QUIZ_MESSAGES.optionRequired)).toHaveLength(2);
    const prompt = within(question).getByRole('textbox', { name: /Question text/ });
    expect(prompt.getAttribute('aria-invalid')).toBe('true');
    expect(prompt.getAttribute('aria-describedby')).toContain('quiz-question-0-prompt-error');

    // With its options written, the list's own rule shows: no option is marked correct.
    await user.type(within(question).getByRole('textbox', { name: 'Option 1 text' }), 'Yes');
    await user.type(within(question).getByRole('textbox', { name: 'Option 2 text' }), 'yes ');
    await user.click(within(builder).getByRole('button', { name: 'Save quiz' }));
    expect(await within(question).findByText(QUIZ_MESSAGES.duplicateOptions)).toBeVisible();
    await user.type(within(question).getByRole('textbox', { name: 'Option 2 text' }), 'No');
    await user.click(within(builder).getByRole('button', { name: 'Save quiz' }));
    expect(await within(question).findByText(QUIZ_MESSAGES.singleNeedsOneCorrect)).toBeVisible();
    expect(api.calls('quizzes.save')).toHaveLength(0);
  });

  it('saves the whole quiz: settings, and a question of each type with their answers', async () => {
    answerQuizLesson();
    startSignedIn('instructor');
    const { user } = renderApp('/dashboard/instructor/updatelecture/quiz-1');
    const builder = await screen.findByRole('form', { name: 'Quiz builder' }, FIRST_PAINT);

    await user.click(within(builder).getByRole('checkbox', { name: 'Limit the attempts' }));
    const attempts = within(builder).getByRole('spinbutton', { name: /Attempts allowed/ });
    await user.clear(attempts);
    await user.type(attempts, '3');
    await user.click(within(builder).getByRole('checkbox', { name: 'Set a time limit' }));
    const minutes = within(builder).getByRole('spinbutton', { name: /Time limit/ });
    await user.clear(minutes);
    await user.type(minutes, '15');
    await user.click(
      within(builder).getByRole('checkbox', { name: 'Shuffle the questions in each attempt' }),
    );

    // 1: single choice, three options, the third right.
    await user.click(within(builder).getByRole('button', { name: 'Add a question' }));
    let question = within(builder).getByRole('group', { name: 'Question 1' });
    await user.type(within(question).getByRole('textbox', { name: /Question text/ }), 'Pick one');
    await user.click(within(question).getByRole('button', { name: 'Add an option' }));
    await user.type(within(question).getByRole('textbox', { name: 'Option 1 text' }), 'A');
    await user.type(within(question).getByRole('textbox', { name: 'Option 2 text' }), 'B');
    await user.type(within(question).getByRole('textbox', { name: 'Option 3 text' }), 'C');
    await user.click(within(question).getByRole('radio', { name: 'Option 3 is correct' }));
    await user.type(within(question).getByRole('textbox', { name: /Explanation/ }), 'C it is.');

    // 2: short answer with two accepted answers, then moved above question 1.
    await user.click(within(builder).getByRole('button', { name: 'Add a question' }));
    question = within(builder).getByRole('group', { name: 'Question 2' });
    await user.selectOptions(within(question).getByRole('combobox', { name: 'Type' }), 'Short answer');
    await user.type(within(question).getByRole('textbox', { name: /Question text/ }), 'Name it');
    await user.type(within(question).getByRole('textbox', { name: 'Accepted answer 1' }), 'Lectio');
    await user.click(within(question).getByRole('button', { name: 'Add accepted answer' }));
    await user.type(within(question).getByRole('textbox', { name: 'Accepted answer 2' }), 'lectio app');
    await user.click(within(question).getByRole('button', { name: 'Move Question 2 up' }));

    // 3: true/false, false is right.
    await user.click(within(builder).getByRole('button', { name: 'Add a question' }));
    question = within(builder).getByRole('group', { name: 'Question 3' });
    await user.selectOptions(within(question).getByRole('combobox', { name: 'Type' }), 'True / false');
    await user.type(within(question).getByRole('textbox', { name: /Question text/ }), 'The sky is green');
    await user.click(within(question).getByRole('radio', { name: 'False' }));

    await user.click(within(builder).getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(api.calls('quizzes.save')).toHaveLength(1));
    expect(api.calls('quizzes.save')[0]?.input).toEqual({
      lectureId: 'quiz-1',
      settings: {
        passMark: 70,
        attemptsAllowed: 3,
        shuffleQuestions: true,
        shuffleOptions: false,
        timeLimitMinutes: 15,
        showAnswers: true,
      },
      questions: [
        {
          type: 'short_answer',
          prompt: 'Name it',
          explanation: null,
          acceptedAnswers: ['Lectio', 'lectio app'],
        },
        {
          type: 'single',
          prompt: 'Pick one',
          explanation: 'C it is.',
          options: [
            { text: 'A', isCorrect: false },
            { text: 'B', isCorrect: false },
            { text: 'C', isCorrect: true },
          ],
        },
        { type: 'true_false', prompt: 'The sky is green', explanation: null, correctAnswer: false },
      ],
    });
    expect(await screen.findByText(QUIZ_MESSAGES.saved)).toBeInTheDocument();
  });

  it("loads a saved quiz's questions with their ids, and a removed option is not sent", async () => {
    const quiz = answerQuizLesson(
      buildEditableQuiz({ lectureId: 'quiz-1', courseId: 'course-1', questions: [buildQuizQuestion()] }),
    );
    const saved = quiz.questions[0];
    startSignedIn('instructor');
    const { user } = renderApp('/dashboard/instructor/updatelecture/quiz-1');
    const builder = await screen.findByRole('form', { name: 'Quiz builder' }, FIRST_PAINT);
    const question = within(builder).getByRole('group', { name: 'Question 1' });
    expect(within(question).getByRole('textbox', { name: /Question text/ })).toHaveProperty(
      'value',
      saved?.prompt,
    );
    await user.click(within(question).getByRole('button', { name: 'Remove option 1' }));
    await user.click(within(builder).getByRole('button', { name: 'Save quiz' }));
    await waitFor(() => expect(api.calls('quizzes.save')).toHaveLength(1));
    const sent = api.calls('quizzes.save')[0]?.input.questions[0];
    expect(sent).toMatchObject({ id: saved?._id, type: 'single' });
    expect(sent && 'options' in sent ? sent.options.map((option) => option.id) : []).toEqual(
      saved?.options.slice(1).map((option) => option._id),
    );
  });
});

describe('gradebook', () => {
  it("shows each student's progress and quiz results, the item analysis, and a link from the lectures screen", async () => {
    const gradebook = buildGradebook('course-1');
    api.answer('courses.get', { data: owned() });
    api.answer('quizzes.gradebook', { data: gradebook });
    startSignedIn('instructor');
    renderApp('/dashboard/instructor/gradebook/course-1');
    expect(await screen.findByRole('heading', { name: 'Gradebook', level: 1 }, FIRST_PAINT)).toBeVisible();
    const [first, second] = gradebook.students;
    const table = (await screen.findAllByRole('table'))[0] as HTMLElement;
    const row = within(table).getByRole('row', { name: new RegExp(first?.name ?? '') });
    expect(within(row).getByText(first?.email ?? '')).toBeVisible();
    expect(within(row).getByText('50%')).toBeVisible();
    expect(within(row).getByText('75%')).toBeVisible();
    expect(within(row).getByText('Yes')).toBeVisible();
    const other = within(table).getByRole('row', { name: new RegExp(second?.name ?? '') });
    expect(within(other).getByText('17%')).toBeVisible();
    expect(within(other).getByText('25%')).toBeVisible();
    expect(within(other).getByText('No')).toBeVisible();

    const quiz = gradebook.quizzes[0];
    const analysis = screen.getByRole('region', { name: `Item analysis: ${quiz?.title}` });
    const rows = within(analysis).getAllByRole('row').slice(1);
    expect(rows.map((item) => item.textContent)).toEqual(
      quiz?.questions.map((question) => `${question.prompt}3${question.correctPercent}%`),
    );
    expect(api.calls('quizzes.gradebook')[0]?.input).toMatchObject({ courseId: 'course-1', limit: 50 });
  });

  it('exports every page as one CSV', async () => {
    const first = { ...buildGradebook('course-1'), nextCursor: 'page-2' };
    const lastStudent = buildGradebookStudent({ name: 'Last, "Page" student' });
    api.answer('courses.get', { data: owned() });
    api.answer('quizzes.gradebook', ({ input }) => ({
      data: input.cursor === 'page-2' ? { ...first, students: [lastStudent], nextCursor: null } : first,
    }));
    const saved: Blob[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:csv';
    });
    startSignedIn('instructor');
    const { user } = renderApp('/dashboard/instructor/gradebook/course-1');
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }, FIRST_PAINT));
    await waitFor(() => expect(saved).toHaveLength(1));
    createObjectURL.mockRestore();
    const rows = Papa.parse<string[]>(await (saved[0] as Blob).text(), { skipEmptyLines: true }).data;
    expect(rows.map((row) => row[0])).toEqual([
      'Name',
      ...first.students.map((s) => s.name),
      lastStudent.name,
    ]);
    const exportCalls = api.calls('quizzes.gradebook').filter((call) => call.input.limit === 200);
    expect(exportCalls.map((call) => call.input.cursor)).toEqual([undefined, 'page-2']);
  });
});

describe('gradebookCsv', () => {
  it('quotes names with commas and quotes, escapes formulas, and lays out one row per student', () => {
    const gradebook = buildGradebook('course-1');
    const quiz = gradebook.quizzes[0];
    const students = [
      buildGradebookStudent({
        name: 'Doe, Jane "JD"',
        email: 'jane@example.com',
        progressPercent: 50,
        completedLessons: 3,
        quizzes: [{ lectureId: quiz?.lectureId ?? '', attempts: 2, bestScore: 75, passed: true }],
      }),
      buildGradebookStudent({
        name: '=HYPERLINK("x")',
        email: 'x@example.com',
        progressPercent: 0,
        completedLessons: 0,
      }),
    ];
    const csv = gradebookCsv(gradebook.quizzes, students, 6);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      `Name,Email,Progress (%),Progress,${quiz?.title}: Attempts,${quiz?.title}: Best score (%),${quiz?.title}: Passed`,
    );
    expect(lines[1]).toBe('"Doe, Jane ""JD""",jane@example.com,50,3 of 6 lessons,2,75,Yes');
    expect(lines[2]).toBe(`"'=HYPERLINK(""x"")",x@example.com,0,0 of 6 lessons,0,,No`);
    expect(lines).toHaveLength(3);
  });
});
